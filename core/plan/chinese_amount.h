#pragma once
// Amounts as Chinese purchasing offices write them: in capital numerals (大写金额), the form a
// payment voucher or a purchase request carries beside the figures so that neither can be altered,
// by the People's Bank of China's rules for filling in vouchers (《支付结算办法》附件一,
// 正确填写票据和结算凭证的基本规定): 壹贰叁…, units 拾佰仟 and sections 万亿, one 零 for a run of
// zeros inside the amount, 整 after an amount that ends at 元 or 角, none after 分.

#include <optional>
#include <string>

namespace torchrig::plan {

// "人民币壹拾万元整" for 100000, "人民币陆仟零柒元壹角肆分" for 6007.14: rounded to the fen (分).
// None for a negative amount, one that is not a number, or one of 10^12 yuan (壹万亿) or more: no
// purchase reaches it.
std::optional<std::string> chineseCapitalAmount(double yuan);

} // namespace torchrig::plan
