#include "plan/sheet_money.h"

#include "util/printed.h"

#include <cmath>
#include <string_view>

namespace torchrig::plan {

std::string groupedAmount(double amount) {
    auto digits = printed("%.2f", std::fabs(amount));
    const bool negative = amount < 0 && digits != "0.00"; // never "-0.00"
    for (auto at = static_cast<std::ptrdiff_t>(digits.find('.')) - 3; at > 0; at -= 3)
        digits.insert(static_cast<std::size_t>(at), ",");
    return (negative ? "-" : "") + digits;
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
