// Amounts in Chinese capital numerals (大写金额), held to the People's Bank of China's own examples
// for filling in vouchers (《支付结算办法》附件一) and to the sheet's total (issue 41).

#include "plan/chinese_amount.h"

#include <catch2/catch.hpp>

#include <cmath>
#include <limits>

using torchrig::plan::chineseCapitalAmount;

TEST_CASE("Amounts are written in capitals as the People's Bank of China's rules show them",
          "[core][sheet]") {
    // The rules' own examples: one 零 for a zero inside the amount, 整 after 元 or 角, none after 分.
    CHECK(chineseCapitalAmount(1409.50) == "人民币壹仟肆佰零玖元伍角整");
    CHECK(chineseCapitalAmount(6007.14) == "人民币陆仟零柒元壹角肆分");
    CHECK(chineseCapitalAmount(1680.32) == "人民币壹仟陆佰捌拾元叁角贰分");
    CHECK(chineseCapitalAmount(107000.53) == "人民币壹拾万零柒仟元伍角叁分");
    CHECK(chineseCapitalAmount(325.04) == "人民币叁佰贰拾伍元零肆分");
    // The budget and a workstation's total; tens are written with their 壹.
    CHECK(chineseCapitalAmount(100000) == "人民币壹拾万元整");
    CHECK(chineseCapitalAmount(98342) == "人民币玖万捌仟叁佰肆拾贰元整");
    CHECK(chineseCapitalAmount(10) == "人民币壹拾元整");
    CHECK(chineseCapitalAmount(100050) == "人民币壹拾万零伍拾元整");
    CHECK(chineseCapitalAmount(120000005) == "人民币壹亿贰仟万零伍元整");
    CHECK(chineseCapitalAmount(200000000000.0 - 1) ==
          "人民币壹仟玖佰玖拾玖亿玖仟玖佰玖拾玖万玖仟玖佰玖拾玖元整");
    // Under a yuan, and nothing.
    CHECK(chineseCapitalAmount(0.5) == "人民币伍角整");
    CHECK(chineseCapitalAmount(0.05) == "人民币伍分");
    CHECK(chineseCapitalAmount(0) == "人民币零元整");
    // Rounded to the fen; what no amount is, refused.
    CHECK(chineseCapitalAmount(13499.004) == "人民币壹万叁仟肆佰玖拾玖元整");
    CHECK_FALSE(chineseCapitalAmount(-1));
    CHECK_FALSE(chineseCapitalAmount(std::numeric_limits<double>::quiet_NaN()));
    CHECK_FALSE(chineseCapitalAmount(1e12));
}
