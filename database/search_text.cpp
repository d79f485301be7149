#include "search_text.h"

#include "field_value.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <fmt/format.h>
#include <optional>
#include <set>

namespace torchrig::db {

namespace {

bool isWordByte(unsigned char c) {
    return std::isalnum(c) || c >= 0x80;
}

std::vector<std::string> normalizedWords(std::string_view text) {
    std::vector<std::string> out;
    for (const auto& word : searchWords(text)) {
        for (auto& piece : splitLettersAndDigits(word))
            out.push_back(std::move(piece));
    }
    return out;
}

double categoryPrior(PartCategory category) {
    switch (category) {
    case PartCategory::Gpu: return 4;
    case PartCategory::Cpu: return 3;
    case PartCategory::CloudInstance: return 1;
    default: return 2;
    }
}

// How well the query words read as the start of, or a run inside, one name.
double phraseScore(const std::vector<std::string>& query, const std::vector<std::string>& name) {
    if (query.empty() || name.empty())
        return 0;
    auto matchesAt = [&](std::size_t at) {
        if (at + query.size() > name.size())
            return false;
        for (std::size_t i = 0; i < query.size(); ++i) {
            bool last = i + 1 == query.size();
            const auto& have = name[at + i];
            if (last ? have.rfind(query[i], 0) != 0 : have != query[i])
                return false;
        }
        return true;
    };
    double extra = static_cast<double>(name.size() - std::min(name.size(), query.size()));
    if (matchesAt(0))
        return 100 - 3 * extra;
    for (std::size_t at = 1; at < name.size(); ++at) {
        if (matchesAt(at))
            return 60 - 3 * extra;
    }
    double words = 0;
    for (const auto& q : query) {
        bool exact = std::find(name.begin(), name.end(), q) != name.end();
        bool prefix = !exact && std::any_of(name.begin(), name.end(),
                                            [&](const std::string& w) { return w.rfind(q, 0) == 0; });
        words += exact ? 10 : prefix ? 5 : 0;
    }
    return words - extra;
}

} // namespace

std::vector<std::string> searchWords(std::string_view text) {
    std::vector<std::string> words;
    std::string current;
    for (char ch : text) {
        auto c = static_cast<unsigned char>(ch);
        if (isWordByte(c)) {
            current += static_cast<char>(std::tolower(c));
        } else if (!current.empty()) {
            words.push_back(std::move(current));
            current.clear();
        }
    }
    if (!current.empty())
        words.push_back(std::move(current));
    return words;
}

std::vector<std::string> splitLettersAndDigits(std::string_view word) {
    std::vector<std::string> pieces;
    std::string current;
    for (char ch : word) {
        bool digit = std::isdigit(static_cast<unsigned char>(ch));
        if (!current.empty() &&
            digit != static_cast<bool>(std::isdigit(static_cast<unsigned char>(current.back())))) {
            pieces.push_back(std::move(current));
            current.clear();
        }
        current += ch;
    }
    if (!current.empty())
        pieces.push_back(std::move(current));
    return pieces;
}

std::string normalizedSearchText(std::string_view text) {
    std::string out;
    for (const auto& word : normalizedWords(text)) {
        if (!out.empty())
            out += ' ';
        out += word;
    }
    return out;
}

std::string searchKeywords(const PartRecord& part) {
    std::set<std::string> keywords;
    auto addPhrase = [&](std::string_view phrase) {
        auto words = searchWords(phrase);
        for (std::size_t i = 0; i < words.size(); ++i) {
            auto pieces = splitLettersAndDigits(words[i]);
            if (pieces.size() > 1)
                keywords.insert(pieces.begin(), pieces.end());
            if (i + 1 < words.size())
                keywords.insert(words[i] + words[i + 1]); // "rtx" "4090" -> "rtx4090"
        }
    };
    addPhrase(part.name);
    for (const auto& alias : part.aliases)
        addPhrase(alias);
    for (const auto& word : searchWords(part.vendor))
        keywords.insert(word);
    keywords.insert(std::string(categoryId(part.category)));

    auto number = [&](std::string_view column) -> std::optional<double> {
        const auto& value = part.field(column);
        if (auto* real = std::get_if<double>(&value))
            return *real;
        if (auto* integer = std::get_if<std::int64_t>(&value))
            return static_cast<double>(*integer);
        return std::nullopt;
    };
    auto text = [&](std::string_view column) {
        return formatFieldValue(part.field(column));
    };
    auto addSize = [&](double gb) {
        if (gb >= 1000 && std::fmod(gb, 1000) == 0)
            keywords.insert(fmt::format("{}tb", gb / 1000));
        keywords.insert(fmt::format("{}gb", gb));
    };
    switch (part.category) {
    case PartCategory::Gpu:
        if (auto gb = number("vram_gb"))
            addSize(*gb);
        addPhrase(text("architecture"));
        addPhrase(text("memory_type"));
        break;
    case PartCategory::Cpu: addPhrase(text("socket")); break;
    case PartCategory::MemoryKit:
        if (auto modules = number("modules"), size = number("module_gb"); modules && size)
            addSize(*modules * *size);
        addPhrase(text("memory_type"));
        break;
    case PartCategory::Storage:
        if (auto gb = number("capacity_gb"))
            addSize(*gb);
        addPhrase(text("kind"));
        break;
    case PartCategory::Motherboard:
        addPhrase(text("socket"));
        addPhrase(text("chipset"));
        break;
    case PartCategory::Server:
    case PartCategory::Cooler:
        addPhrase(text("socket"));
        for (const auto& word : searchWords(text("sockets")))
            keywords.insert(word);
        break;
    case PartCategory::CloudInstance:
        addPhrase(text("provider"));
        addPhrase(text("instance_type"));
        addPhrase(text("gpu_name"));
        break;
    default: break;
    }
    for (const auto& word : searchWords(text("standard")))
        keywords.insert(word);

    std::string joined;
    for (const auto& keyword : keywords) {
        if (!joined.empty())
            joined += ' ';
        joined += keyword;
    }
    return joined;
}

std::string ftsMatchExpression(const std::vector<std::string>& words, bool requireAll) {
    std::string expression;
    for (std::size_t i = 0; i < words.size(); ++i) {
        // Only the last word may be half typed; the others match whole words, which keeps the
        // index lists short ("9" rather than every word that starts with 9).
        const char* prefix = i + 1 == words.size() ? "*" : "";
        auto quoted = [&](const std::string& word) {
            return "\"" + word + "\"" + prefix;
        };
        const auto& word = words[i];
        auto pieces = splitLettersAndDigits(word);
        std::string term = quoted(word);
        if (pieces.size() > 1) {
            std::string together;
            for (const auto& piece : pieces)
                together += (together.empty() ? "" : " AND ") + quoted(piece);
            term = "(" + term + " OR (" + together + "))";
        }
        if (!expression.empty())
            expression += requireAll ? " AND " : " OR ";
        expression += term;
    }
    return expression;
}

SearchRanker::SearchRanker(std::string_view query)
    : m_queryWords(normalizedWords(query)) {}

double SearchRanker::score(const SearchCandidate& candidate) const {
    double best = phraseScore(m_queryWords, normalizedWords(candidate.name));
    for (const auto& alias : splitAliases(candidate.aliases))
        best = std::max(best, phraseScore(m_queryWords, normalizedWords(alias)) - 1);
    return best + categoryPrior(candidate.category);
}

} // namespace torchrig::db
