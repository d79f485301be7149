#pragma once
// Where the user buys: a market, and the parts that are not sold new there (the catalog's
// market_restriction table, each row with the source that says so). The planner proposes only
// what can be bought in the user's market and says what it left out.

#include "util/enum_names.h"

#include <string>

namespace torchrig::plan {

enum class Market { Anywhere, MainlandChina };
// The command line's and the settings' ids.
inline constexpr EnumNames<Market, 2> kMarketNames = {{
    {Market::Anywhere, "any"},
    {Market::MainlandChina, "cn"},
}};
// The catalog's codes (ISO 3166-1 alpha-2), for the markets a part can be kept out of.
inline constexpr EnumNames<Market, 1> kMarketCatalogCodes = {{
    {Market::MainlandChina, "CN"},
}};

struct MarketRestriction {
    std::string partId;
    Market market = Market::MainlandChina;
    std::string source; // the rule or filing that keeps it out
};

} // namespace torchrig::plan
