#pragma once
// How the catalog search forgives the way people type part names: "rtx4090", "RTX 4090 24G",
// "a100 80". Pure text functions: the index side (keywords stored with each part) and the query
// side (the FTS5 expression and the ranking of what it returns) are kept together here so that
// they cannot drift apart.

#include "hardware/part_category.h"
#include "part_record.h"

#include <string>
#include <string_view>
#include <vector>

namespace torchrig::db {

// Lower-case ASCII words; letters and digits stay together ("rtx4090", "i9", "13900k").
std::vector<std::string> searchWords(std::string_view text);
// A word cut where letters meet digits: "rtx4090" -> {"rtx", "4090"}, "a100" -> {"a", "100"}.
std::vector<std::string> splitLettersAndDigits(std::string_view word);
// Words, each split where letters meet digits, joined by single spaces: "RTX 4090 24G" -> "rtx 4090 24 g".
std::string normalizedSearchText(std::string_view text);

// Extra words indexed with a part besides its name and aliases: split and joined forms of its
// words, its vendor, and the figures people type with a name ("24gb", "ddr5", "am5", "p4d").
std::string searchKeywords(const PartRecord& part);

// The FTS5 MATCH expression for a query's words (searchWords): every word must match when
// requireAll, any word otherwise; the last word as a prefix, the others whole. Empty when there
// are no words.
std::string ftsMatchExpression(const std::vector<std::string>& words, bool requireAll);

// What the ranking knows of one candidate the full-text index returned.
struct SearchCandidate {
    std::string id;
    PartCategory category = PartCategory::Gpu;
    std::string name;
    std::string aliases; // ';'-separated, as stored
};

// Ranks candidates for one query. Higher is better: rewards the query read as the start of the
// name or an alias ("a100 80" starts "A100 80GB"), whole-word matches, names with few words beyond
// the query, and GPUs (what people most often look up by a bare number).
class SearchRanker {
public:
    explicit SearchRanker(std::string_view query);
    double score(const SearchCandidate& candidate) const;

private:
    std::vector<std::string> m_queryWords; // normalized: split where letters meet digits
};

} // namespace torchrig::db
