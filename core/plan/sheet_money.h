#pragma once
// Amounts as a purchasing office writes them: two decimals with thousands separated
// ("98,342.00") and the currency's sign where it has one everybody reads ("¥98,342.00"); the
// sheet, its CSV and the app's totals say an amount the same way.

#include <string>

namespace torchrig::plan {

// "98,342.00", "-1,658.00": two decimals, a comma every three digits.
std::string groupedAmount(double amount);
// "¥98,342.00" (CNY), "$1,234.00" (USD), "€…" (EUR), "£…" (GBP); another currency after the
// number with its code ("1,234.00 CHF").
std::string sheetMoney(double amount, const std::string& currency);

} // namespace torchrig::plan
