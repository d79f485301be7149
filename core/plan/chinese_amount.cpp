#include "plan/chinese_amount.h"

#include <array>
#include <cmath>
#include <cstdint>

namespace torchrig::plan {

namespace {

constexpr std::array<const char*, 10> kDigits = {"零", "壹", "贰", "叁", "肆", "伍", "陆", "柒", "捌", "玖"};
constexpr std::array<const char*, 4> kPlaces = {"", "拾", "佰", "仟"}; // within a group of four digits
constexpr std::array<int, 4> kPlaceValues = {1, 10, 100, 1000};
constexpr std::array<const char*, 3> kSections = {"", "万", "亿"}; // each group of four: 10^0, 10^4, 10^8

// The whole yuan: groups of four digits from the highest, each with its section's unit; one 零
// stands for every run of zeros that has a digit after it (a zero at the end says nothing).
std::string wholeYuan(std::int64_t yuan) {
    std::array<int, 3> groups{};
    for (auto& group : groups) {
        group = static_cast<int>(yuan % 10000);
        yuan /= 10000;
    }
    std::string out;
    bool zeroPending = false;
    for (int g = 2; g >= 0; --g) {
        const int group = groups[static_cast<std::size_t>(g)];
        if (group == 0) {
            zeroPending = !out.empty();
            continue;
        }
        for (int place = 3; place >= 0; --place) {
            const int digit = group / kPlaceValues[static_cast<std::size_t>(place)] % 10;
            if (digit == 0) {
                zeroPending = zeroPending || !out.empty();
                continue;
            }
            if (zeroPending)
                out += kDigits[0];
            zeroPending = false;
            out += kDigits[static_cast<std::size_t>(digit)];
            out += kPlaces[static_cast<std::size_t>(place)];
        }
        out += kSections[static_cast<std::size_t>(g)];
    }
    return out;
}

} // namespace

std::optional<std::string> chineseCapitalAmount(double yuan) {
    if (!std::isfinite(yuan) || yuan < 0 || yuan >= 1e12)
        return std::nullopt;
    const auto fen = std::llround(yuan * 100);
    const std::int64_t whole = fen / 100;
    const int jiao = static_cast<int>(fen / 10 % 10), cents = static_cast<int>(fen % 10);
    std::string out = "人民币";
    if (whole > 0)
        out += wholeYuan(whole) + "元";
    else if (jiao == 0 && cents == 0)
        return out + "零元整";
    if (jiao == 0 && cents == 0)
        return out + "整";
    if (jiao == 0) // 元 then 分: the zero jiao is written, so that nothing can be slipped in
        return out + (whole > 0 ? "零" : "") + kDigits[static_cast<std::size_t>(cents)] + "分";
    out += std::string(kDigits[static_cast<std::size_t>(jiao)]) + "角";
    return cents == 0 ? out + "整" : out + kDigits[static_cast<std::size_t>(cents)] + "分";
}

} // namespace torchrig::plan
