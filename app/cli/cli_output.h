#pragma once

#include "catalog.h"
#include "plan/compatibility.h"
#include "util/result.h"

#include <nlohmann/json_fwd.hpp>

#include <optional>
#include <string>
#include <vector>

namespace torchrig::cli {

// A plain-text table with aligned columns; the first row is the header.
std::string formatTable(const std::vector<std::vector<std::string>>& rows);
// At most `most` bytes, cut at a UTF-8 character's start and ended with "...".
std::string shorten(const std::string& text, std::size_t most);
// One part in full: figures with units, each figure's source and date, prices.
std::string formatPartDetails(const db::PartRecord& part);
// Price history, oldest first, with dates and sources.
std::string formatPriceTable(const std::vector<Price>& prices);
// The figures a list shows beside a part's name ("24 GB · 1008 GB/s · 450 W").
std::string partSummary(const db::PartRecord& part);
nlohmann::json userDatabaseJson(const db::UserDatabaseStatus& status);
// The figure, or JSON's null where there is none.
nlohmann::json optionalNumber(const std::optional<double>& value);
// "15x120": the wall circuit's amps and volts, as --circuit takes it.
Result<plan::WallCircuit> parseWallCircuit(const std::string& text);
// Today's date, "YYYY-MM-DD" (UTC).
std::string todayIso();

} // namespace torchrig::cli
