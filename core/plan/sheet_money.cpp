#include "plan/sheet_money.h"

#include "util/printed.h"

#include <algorithm>
#include <cmath>
#include <string_view>

namespace torchrig::plan {

std::string groupedAmount(double amount) {
    const auto digits = printed("%.2f", std::fabs(amount));
    const auto point = std::min(digits.find('.'), digits.size());
    // Built forward (GCC 12 at -O2 takes inserting into the string for an overflow).
    std::string out = amount < 0 && digits != "0.00" ? "-" : ""; // never "-0.00"
    for (std::size_t i = 0; i < digits.size(); ++i) {
        if (i > 0 && i < point && (point - i) % 3 == 0)
            out += ',';
        out += digits[i];
    }
    return out;
}

std::string sheetMoney(double amount, const std::string& currency) {
    const auto sign = [&]() -> std::string_view {
        if (currency == "CNY")
            return "¥";
        if (currency == "USD")
            return "$";
        if (currency == "EUR")
            return "€";
        if (currency == "GBP")
            return "£";
        return {};
    }();
    const auto number = groupedAmount(amount);
    if (sign.empty())
        return currency.empty() ? number : number + " " + currency;
    // The minus before the sign, as a ledger writes it: "-¥1,658.00".
    return number.front() == '-' ? "-" + std::string(sign) + number.substr(1) : std::string(sign) + number;
}

} // namespace torchrig::plan
