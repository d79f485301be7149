// The purchasing case as a lab's PI tries it: the research preset, three quotes for the GPU
// (京东, 中关村 — the lowest, expired —, 苏宁), 13 % VAT, a ¥100,000 budget, the sheet exported in
// Chinese and read back with pdftotext; and the same sheet in English.

#include "cli_run.h"
#include "plan/chinese_amount.h"
#include "plan/sheet_money.h"
#include "test_support.h"

#include <catch2/catch.hpp>

#include <nlohmann/json.hpp>

#include <chrono>
#include <fstream>
#include <regex>

using namespace torchrig;
using test::runCli;

namespace {

// "YYYY-MM-DD", `days` from today: the quotes' validity is judged on the day the sheet is made.
std::string dayFromToday(int days) {
    const auto day =
        std::chrono::floor<std::chrono::days>(std::chrono::system_clock::now()) + std::chrono::days(days);
    const std::chrono::year_month_day date(day);
    char text[16];
    std::snprintf(text, sizeof text, "%04d-%02u-%02u", static_cast<int>(date.year()),
                  static_cast<unsigned>(date.month()), static_cast<unsigned>(date.day()));
    return text;
}

// The PDF's text with every blank, line end and hyphen taken out: cells wrap where they like.
std::string squeezedPdfText(const std::string& pdf) {
    return std::regex_replace(test::shellOutput("pdftotext -enc UTF-8 '" + pdf + "' -"),
                              std::regex("[\\s-]+"), "");
}

std::string squeezed(const std::string& text) {
    return std::regex_replace(text, std::regex("[\\s-]+"), "");
}

} // namespace

TEST_CASE("The PI's sheet compares three quotes, uses the lowest valid one, counts tax once and holds the "
          "total against the budget",
          "[cli][report][purchasing]") {
    test::TemporaryFolder folder;
    const auto file = folder.file("pi.torchrig").string();
    REQUIRE(runCli(folder, "build new --preset research-2x-rtx-4090 -m llama-2-7b --lora-rank 16 "
                           "--lora-targets q_proj v_proj -b 1 --seq-len 1024 --precision bf16 "
                           "--checkpointing blocks -o '" +
                               file + "'")
                .exitCode == 0);
    auto build = nlohmann::json::parse(std::ifstream(file));
    auto quote = [](const char* vendor, double amount, const std::string& validUntil, const char* reference) {
        return nlohmann::json{{"vendor", vendor},          {"amount", amount},
                              {"currency", "CNY"},         {"date", dayFromToday(-20)},
                              {"valid_until", validUntil}, {"reference", reference},
                              {"part", "gpu/rtx-4090"}};
    };
    build["purchasing"] = {{"requester", "王老师"},
                           {"group", "自然语言处理实验室"},
                           {"budget_code", "KY-2026-0315"},
                           {"budget", 100000},
                           {"budget_currency", "CNY"},
                           {"quotes",
                            {quote("京东", 13499, dayFromToday(20), "JD-88"),
                             quote("中关村在线", 13299, dayFromToday(-3), "ZOL-1110"),
                             quote("苏宁", 13699, dayFromToday(25), "SN-3391")}},
                           {"fields", {{{"label", "项目名称"}, {"value", "大模型微调平台"}}}}};
    std::ofstream(file) << build.dump(2);
    const std::string money = " --currency CNY --rate USD=7.1 --rate EUR=7.7 --rate CHF=8.1 --rates-date "
                              "2026-12-01 --tax-percent 13 --quotes-rule-above 20000";

    // Tax once: each line's tax-inclusive amount as its price says, the total their sum.
    const auto cost =
        nlohmann::json::parse(runCli(folder, "build cost '" + file + "' --json" + money).output);
    double paid = 0;
    for (const auto& line : cost["lines"]) {
        REQUIRE_FALSE(line["gross"].is_null());
        paid += line["gross"].get<double>();
        if (line["id"] == "gpu/rtx-4090") {
            CHECK(line["gross"].get<double>() == Approx(2 * 13499.0)); // 京东's 含税 quote, not taxed again
            CHECK(line["tax_included"] == true);
            CHECK(line["quotes_valid"] == 2);
            CHECK(line["quotes_expired"] == 1);
            CHECK(line["needs_quotes"] == true); // ¥26,998 with two valid quotes, the rule asks three
        }
    }
    const double total = cost["total"].get<double>();
    CHECK(total == Approx(paid));

    const auto pdf = folder.file("zh.pdf").string(), json = folder.file("zh.json").string();
    // The lab's template: its institution, and the fields its office requires (one answered).
    const std::string lab =
        " --institution '某某大学 计算机学院' --required-field 项目名称 --required-field 存放地点";
    const auto run = runCli(folder, "report '" + file + "' -o '" + pdf + "' --lang zh_CN" + money + lab);
    INFO(run.output);
    REQUIRE(run.exitCode == 0);
    REQUIRE(runCli(folder, "report '" + file + "' -o '" + json + "' --lang zh_CN" + money + lab).exitCode ==
            0);
    const auto text = squeezedPdfText(pdf);
    CHECK(text.rfind(squeezed("某某大学 计算机学院配置单"), 0) == 0); // above the title
    CHECK(text.find(squeezed("采购信息")) != std::string::npos);
    for (const char* words : {"项目名称", "大模型微调平台", "存放地点", "________________________"})
        CHECK(text.find(squeezed(words)) != std::string::npos);
    const auto totalText = plan::sheetMoney(total, "CNY");
    CHECK(text.find(squeezed("含税总计: " + totalText)) != std::string::npos);
    CHECK(text.find(squeezed("总计（大写）: " + *plan::chineseCapitalAmount(total))) != std::string::npos);
    CHECK(text.find(squeezed("预算 ¥100,000.00，合计 " + totalText + "，结余 " +
                             plan::sheetMoney(100000 - total, "CNY"))) != std::string::npos);
    // The three quotes side by side, the lowest valid one used, the expired one marked.
    const auto sheet = nlohmann::json::parse(std::ifstream(json));
    const nlohmann::json* compared = nullptr;
    const nlohmann::json* components = nullptr;
    CHECK(sheet["institution"] == "某某大学 计算机学院");
    for (const auto& section : sheet["sections"]) {
        if (section["heading"] == "采购信息") { // each field with the build's answer, or a line to write in
            CHECK(section["facts"][0]["label"] == "项目名称");
            CHECK(section["facts"][0]["value"] == "大模型微调平台");
            CHECK(section["facts"][1]["label"] == "存放地点");
            CHECK(section["facts"][1]["value"] == std::string(24, '_'));
        }
        if (section["heading"] == "比价表")
            compared = &section["tables"][0];
        if (section["heading"] == "配件清单")
            components = &section["tables"][0];
    }
    REQUIRE(compared);
    REQUIRE(components);
    std::map<std::string, std::string> statusOf;
    for (const auto& row : (*compared)["rows"])
        statusOf[row[1].get<std::string>()] = row.back().get<std::string>();
    CHECK(statusOf["京东"] == "选用：最低有效报价");
    CHECK(statusOf["中关村在线"] == "已于 " + dayFromToday(-3) + " 过期，未采用");
    CHECK(statusOf["苏宁"] == "未采用");
    CHECK(text.find(squeezed("GeForce RTX 4090：有效报价 2 家，规定须 3 家")) != std::string::npos);
    // Specification and unit columns from the catalog, 不含税 / 税额 / 含税 computed once.
    const auto& header = (*components)["header"];
    CHECK(header[1] == "规格型号");
    CHECK(header[2] == "单位");
    CHECK(header[5] == "不含税 (CNY)");
    CHECK(header[7] == "含税金额 (CNY)");
    for (const auto& row : (*components)["rows"])
        if (row[0] == "GeForce RTX 4090") {
            CHECK(row[1] == "24 GB GDDR6X, PCIe 4.0 x16");
            CHECK(row[2] == "块");
            CHECK(row[7] == "26,998.00");
        }
    // Our words stay ours: no file, flag, command or rule id reaches the office.
    for (const char* ours : {"seeds/", ".txt", ".md", "--", "torchrig-cli", "ERRATA"})
        CHECK(text.find(ours) == std::string::npos);
    const auto checked = nlohmann::json::parse(runCli(folder, "build check '" + file + "' --json").output);
    const auto advised = nlohmann::json::parse(runCli(folder, "build advise '" + file + "' --json").output);
    std::set<std::string> ruleIds;
    for (const auto& finding : checked["findings"])
        ruleIds.insert(finding["rule"].get<std::string>());
    for (const auto& advice : advised["advice"])
        ruleIds.insert(advice["rule"].get<std::string>());
    REQUIRE(ruleIds.size() >= 3);
    for (const auto& id : ruleIds) {
        INFO(id);
        CHECK(text.find(squeezed(id)) == std::string::npos);
    }

    // In English: an English purchasing document, without the Chinese office's capitals.
    const auto english = folder.file("en.pdf").string();
    REQUIRE(runCli(folder, "report '" + file + "' -o '" + english + "'" + money).exitCode == 0);
    const auto englishText = squeezedPdfText(english);
    CHECK(englishText.find("人民币") == std::string::npos);
    CHECK(englishText.find(squeezed("Total incl. tax: " + totalText)) != std::string::npos);
    CHECK(englishText.find(squeezed("Budget ¥100,000.00, total " + totalText)) != std::string::npos);
    CHECK(englishText.find(squeezed("Quotes compared")) != std::string::npos);
    CHECK(englishText.find(squeezed("used: the lowest valid quote")) != std::string::npos);
    // (pdftotext reads the specification's second line after the unit beside its first)
    CHECK(englishText.find(squeezed("24 GB GDDR6X,")) != std::string::npos);
    CHECK(englishText.find(squeezed("PCIe 4.0 x16")) != std::string::npos);
}
