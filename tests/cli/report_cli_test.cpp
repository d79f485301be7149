// `torchrig-cli report`: the build sheet as PDF (read back with poppler's pdftotext and pdfinfo),
// Markdown, CSV and JSON, for every preset, a long build and a Chinese sheet.

#include "cli_run.h"
#include "plan/chinese_amount.h"
#include "plan/sheet_money.h"
#include "test_support.h"
#include "util/printed.h"

#include <catch2/catch.hpp>

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cstdio>
#include <fstream>
#include <regex>
#include <set>
#include <sstream>

using namespace torchrig;
using test::runCli;

namespace {

std::string commandOutput(const std::string& command) {
    std::string out;
    if (FILE* pipe = popen(command.c_str(), "r")) {
        char buffer[4096];
        std::size_t n = 0;
        while ((n = std::fread(buffer, 1, sizeof buffer, pipe)) > 0)
            out.append(buffer, n);
        pclose(pipe);
    }
    return out;
}

// The text of each page, in reading order; whitespace collapsed so that wrapped cells read whole.
// With `layout`, each printed line as it stands (a label beside its value); without, each cell's
// text whole, in reading order.
std::vector<std::string> pdfPages(const std::string& pdf, bool layout = false) {
    const auto text =
        commandOutput(std::string("pdftotext -enc UTF-8 ") + (layout ? "-layout " : "") + "'" + pdf + "' -");
    std::vector<std::string> pages;
    std::string page;
    for (char c : text) {
        if (c == '\f') {
            pages.push_back(page);
            page.clear();
        } else {
            page += c == '\n' || c == '\r' || c == '\t' ? ' ' : c;
        }
    }
    for (auto& p : pages)
        p = std::regex_replace(p, std::regex(" +"), " ");
    return pages;
}

std::string pdfInfo(const std::string& pdf, const std::string& key) {
    const auto info = commandOutput("pdfinfo '" + pdf + "'");
    std::smatch match;
    if (std::regex_search(info, match, std::regex(key + ":\\s*([^\\n]*)")))
        return match[1];
    return {};
}

// Without blanks, line ends and hyphens: a name that wraps inside its table cell is found whole
// (pdftotext joins a word broken after a hyphen without it).
std::string withoutBreaks(const std::string& text) {
    return std::regex_replace(text, std::regex("[\\s-]+"), "");
}

std::string allText(const std::vector<std::string>& pages) {
    std::string all;
    for (const auto& p : pages)
        all += p + " ";
    return all;
}

// Runs of three or more English words (letters only, a trailing comma or stop allowed), one of them
// in lower case, in `text`: what a sentence left in English looks like. Names with digits (RTX 4090,
// llama-2-7b) break a run; terms in capitals ("TB NVMe RAID") are no sentence.
// Words of `names` (a part's, a source's) break a run too: a cell's text may wrap around another
// column's in the extracted text.
std::vector<std::string> englishRuns(const std::string& text, const std::set<std::string>& names = {}) {
    std::vector<std::string> runs;
    std::string run;
    int words = 0;
    bool lowerCase = false;
    std::istringstream in(text);
    const std::regex englishWord("^[A-Za-z][A-Za-z']+[,.;:]?$"), lowerCaseWord("^[a-z']+[,.;:]?$");
    auto close = [&] {
        if (words >= 3 && lowerCase)
            runs.push_back(run);
        run.clear();
        words = 0;
        lowerCase = false;
    };
    for (std::string token; in >> token;) {
        if (std::regex_match(token, englishWord) && !names.count(token)) {
            run += (run.empty() ? "" : " ") + token;
            ++words;
            lowerCase = lowerCase || std::regex_match(token, lowerCaseWord);
        } else {
            close();
        }
    }
    close();
    return runs;
}

} // namespace

TEST_CASE("report writes a PDF sheet for every preset with its parts, total and fit", "[cli][report][slow]") {
    test::TemporaryFolder folder;
    const auto presets = nlohmann::json::parse(runCli(folder, "build presets --json").output);
    REQUIRE(presets.size() >= 6);
    for (const auto& preset : presets) {
        const auto id = preset["id"].get<std::string>();
        INFO(id);
        const auto file = folder.file(id + ".torchrig").string();
        const auto pdf = folder.file(id + ".pdf").string();
        // Each with a workload, so that the sheet has a verdict to show.
        REQUIRE(
            runCli(folder, "build new --preset " + id + " -m resnet50 -b 32 -o '" + file + "'").exitCode ==
            0);
        const auto run = runCli(folder, "report '" + file + "' -o '" + pdf + "' --date 2026-12-01");
        INFO(run.output);
        REQUIRE(run.exitCode == 0);
        const auto pages = pdfPages(pdf);
        REQUIRE(!pages.empty());
        CHECK(pdfInfo(pdf, "Pages") == std::to_string(pages.size()));
        CHECK(pdfInfo(pdf, "Page size").find("595 x 842 pts (A4)") != std::string::npos);
        const auto text = allText(pages);
        REQUIRE_FALSE(preset["parts"].empty());
        // A long name wraps in its cell; in the order the page draws them (-raw) a cell's lines
        // are read together, where the reading order may take a neighbouring cell's line between.
        const auto drawn = withoutBreaks(commandOutput("pdftotext -raw -enc UTF-8 '" + pdf + "' -"));
        for (const auto& part : preset["parts"])
            CHECK(drawn.find(withoutBreaks(part["name"])) != std::string::npos);
        // The total as `build cost` computes it, and the first workload's verdict.
        const auto cost = nlohmann::json::parse(runCli(folder, "build cost '" + file + "' --json").output);
        REQUIRE_FALSE(cost["totals_by_currency"].empty());
        for (const auto& [currency, amount] : cost["totals_by_currency"].items()) {
            CHECK(text.find(plan::sheetMoney(amount.get<double>(), currency)) != std::string::npos);
        }
        // The verdict `estimate` gives for the same workload on the preset's GPU.
        std::smatch verdict;
        const auto lines = allText(pdfPages(pdf, /*layout=*/true));
        REQUIRE(std::regex_search(lines, verdict, std::regex("Fits (fits|does not fit|unknown)")));
        std::string gpu;
        int gpus = 0;
        for (const auto& part : preset["parts"])
            if (part["id"].get<std::string>().rfind("gpu/", 0) == 0) {
                gpu = part["id"].get<std::string>();
                gpus += part["quantity"].get<int>() * preset.value("nodes", 1);
            }
        if (gpu.empty()) {
            CHECK(verdict[1] == "unknown");
        } else {
            const auto estimate = runCli(folder, "estimate -m resnet50 -b 32 --device " + gpu + " --gpus " +
                                                     std::to_string(gpus) + " --json");
            const auto document = nlohmann::json::parse(estimate.output);
            const auto fits = document["memory"]["fits"];
            CHECK(verdict[1] == (fits.is_null() ? "unknown" : fits.get<bool>() ? "fits" : "does not fit"));
        }
        CHECK(text.find("Page 1 of " + std::to_string(pages.size())) != std::string::npos);
        CHECK(text.find("TorchRig 0.1.0") != std::string::npos);
        // The workload rented instead: the build's own row and the catalog's instances.
        CHECK(text.find("Rent or buy") != std::string::npos);
        CHECK(text.find("this build") != std::string::npos);
        const auto offers =
            nlohmann::json::parse(runCli(folder, "catalog list --category cloud --json").output);
        // Each offer named by its provider, GPUs and region ("AWS · 8 × T4 16GB · us-east-1").
        CHECK(std::any_of(offers["parts"].begin(), offers["parts"].end(), [&](const nlohmann::json& offer) {
            return text.find(offer["fields"]["provider"].get<std::string>() + " · " +
                             std::to_string(offer["fields"]["gpu_count"].get<int>()) + " × ") !=
                   std::string::npos;
        }));
    }
}

TEST_CASE("report breaks a 40-part components table across pages and repeats its header", "[cli][report]") {
    test::TemporaryFolder folder;
    const auto file = folder.file("long.torchrig").string();
    REQUIRE(runCli(folder, "build new --preset research-2x-rtx-4090 -o '" + file + "'").exitCode == 0);
    auto build = nlohmann::json::parse(std::ifstream(file));
    const auto original = build["parts"];
    build["parts"] = nlohmann::json::array();
    for (int i = 0; i < 40; ++i) {
        auto part = original[static_cast<std::size_t>(i) % original.size()];
        part["id"] = part["id"].get<std::string>() + "-" + std::to_string(i);
        // Long names wrap inside their cell; each is found whole in the text.
        part["snapshot"]["name"] = "Lab part number " + std::to_string(i) + " " +
                                   part["snapshot"]["name"].get<std::string>() +
                                   " with a long descriptive name that needs wrapping";
        part["quantity"] = 1;
        build["parts"].push_back(part);
    }
    std::ofstream(file) << build.dump(2);
    const auto pdf = folder.file("long.pdf").string();
    const auto run = runCli(folder, "report '" + file + "' -o '" + pdf + "' --page-size letter");
    INFO(run.output);
    REQUIRE(run.exitCode == 0);
    CHECK(pdfInfo(pdf, "Page size").find("612 x 792 pts (letter)") != std::string::npos);
    const auto pages = pdfPages(pdf);
    REQUIRE(pages.size() >= 3);
    const auto text = allText(pages);
    for (int i = 0; i < 40; ++i)
        CHECK(text.find("Lab part number " + std::to_string(i) + " ") != std::string::npos);
    // The table runs from the Components heading to the next section's, over several pages, and
    // each of them shows the header row (one printed line) before its first row.
    const auto lines = pdfPages(pdf, /*layout=*/true);
    const std::string header = "Part Specification Unit Qty Unit price Subtotal Price date and source";
    std::size_t first = lines.size(), last = lines.size();
    for (std::size_t i = 0; i < lines.size(); ++i) {
        if (first == lines.size() && lines[i].find("Components " + header) != std::string::npos)
            first = i;
        if (last == lines.size() && lines[i].find("Compatibility and power") != std::string::npos)
            last = i;
    }
    REQUIRE(first < lines.size());
    REQUIRE(last < lines.size());
    CHECK(last >= first + 2);
    int pagesWithRows = 0;
    for (std::size_t i = first; i <= last; ++i) {
        INFO("page " << i + 1);
        const auto row = lines[i].find("Lab part number", i == first ? lines[i].find("Components ") : 0);
        if (row >= (i == last ? lines[i].find("Compatibility and power") : std::string::npos))
            continue; // the table ended with the page before
        ++pagesWithRows;
        const auto at = lines[i].find(header);
        REQUIRE(at != std::string::npos);
        CHECK(at < row);
    }
    CHECK(pagesWithRows >= 2);
}

TEST_CASE("report writes a Chinese sheet, and Markdown, CSV and JSON beside the PDF", "[cli][report]") {
    test::TemporaryFolder folder;
    const auto file = folder.file("entry.torchrig").string();
    // A drive of the user's own without a price: a line the sheet leaves to be quoted.
    REQUIRE(runCli(folder, "catalog add -c storage --name 'Lab scratch SSD' --source 'a shelf in the lab' "
                           "--set kind=nvme --set 'interface=PCIe 4.0 x4 NVMe' --set 'form_factor=M.2 2280' "
                           "--set capacity_gb=1000")
                .exitCode == 0);
    REQUIRE(
        runCli(folder, "build new --preset entry-rtx-3060 --part storage/lab-scratch-ssd -o '" + file + "'")
            .exitCode == 0);
    const auto pdf = folder.file("zh.pdf").string();
    const auto run = runCli(folder, "report '" + file + "' -o '" + pdf + "' --lang zh_CN");
    INFO(run.output);
    REQUIRE(run.exitCode == 0);
    const auto text = allText(pdfPages(pdf));
    for (const char* words :
         {"配置单", "配件清单", "兼容性与功耗", "训练任务", "审批", "比价表", "第 1 页", "的零售价——请询"})
        CHECK(withoutBreaks(text).find(withoutBreaks(words)) != std::string::npos); // may wrap in a cell
    CHECK(text.find("GeForce RTX 3060 12GB") != std::string::npos);
    // The font is in the file, not borrowed from the reader's system.
    const auto fonts = commandOutput("pdffonts '" + pdf + "'");
    CHECK(fonts.find("WenQuanYi") != std::string::npos);
    int fontRows = 0, embedded = 0;
    std::smatch columns;
    for (auto at = fonts.cbegin(); std::regex_search(
             at, fonts.cend(), columns, std::regex(R"(\s(yes|no)\s+(yes|no)\s+(yes|no)\s+\d+\s+\d+)"));
         at = columns.suffix().first) {
        ++fontRows;
        embedded += columns[1] == "yes" ? 1 : 0; // pdffonts' "emb" column
    }
    CHECK(fontRows >= 1);
    CHECK(embedded == fontRows);

    const auto md = folder.file("sheet.md").string();
    REQUIRE(runCli(folder, "report '" + file + "' -o '" + md + "'").exitCode == 0);
    std::ifstream mdIn(md);
    const std::string markdown((std::istreambuf_iterator<char>(mdIn)), std::istreambuf_iterator<char>());
    CHECK(markdown.find("| Part | Specification | Unit | Qty |") != std::string::npos);
    CHECK(markdown.find("GeForce RTX 3060 12GB") != std::string::npos);
    // Tax and shipping as given; a total of the priced lines beside the lines still to be quoted, in
    // one currency at the rates given; each old price said to be old, and how much rests on them.
    const std::string money =
        " --currency USD --rate EUR=1.1 --rate CHF=1.2 --rate CNY=0.14 --rates-date 2026-12-01";
    const auto taxed = folder.file("taxed.md").string();
    REQUIRE(runCli(folder, "report '" + file + "' -o '" + taxed + "' --tax-percent 13 --shipping 200" + money)
                .exitCode == 0);
    std::ifstream taxedIn(taxed);
    const std::string withTax((std::istreambuf_iterator<char>(taxedIn)), std::istreambuf_iterator<char>());
    const auto cost = nlohmann::json::parse(
        runCli(folder, "build cost '" + file + "' --json --tax-percent 13" + money).output);
    // Before tax; the tax counted once: added to the US prices, split out of the ones that include
    // it (the EUR, CHF and CNY shop prices).
    const double priced = cost["totals_by_currency"]["USD"].get<double>();
    const double tax = cost["tax_by_currency"]["USD"].get<double>();
    int toBeQuoted = 0;
    for (const auto& line : cost["lines"])
        toBeQuoted += line["unit_price"].is_null() ? 1 : 0;
    REQUIRE(toBeQuoted > 0);
    const std::string lines = std::to_string(toBeQuoted) + (toBeQuoted == 1 ? " line" : " lines");
    CHECK(withTax.find("**Priced parts: " + plan::sheetMoney(priced, "USD") + "**") != std::string::npos);
    CHECK(withTax.find("**To be quoted: " + lines + "**") != std::string::npos);
    CHECK(withTax.find(" | drive | 1 | to be quoted |  |  | to be quoted |") != std::string::npos);
    CHECK(withTax.find("**Tax (13 %): " + plan::sheetMoney(tax, "USD") + "**") != std::string::npos);
    CHECK(withTax.find("**Shipping: $200.00**") != std::string::npos);
    CHECK(withTax.find("**Total of the priced lines: " + plan::sheetMoney(priced + tax + 200, "USD") + " + " +
                       lines + " to be quoted**") != std::string::npos);
    double usTax = 0, includedTax = 0; // each line taxed once, as its market quotes it
    for (const auto& line : cost["lines"])
        if (!line["net"].is_null())
            (line["tax_included"] ? includedTax : usTax) += line["tax"].get<double>();
    CHECK(usTax > 0);
    CHECK(includedTax > 0);
    CHECK(usTax + includedTax == Approx(tax));
    for (const auto& line : cost["lines"])
        if (!line["unit_price"].is_null() && line["unit_price"]["stale"] == true)
            CHECK(withTax.find(line["unit_price"]["stale_label"].get<std::string>() + " · ") !=
                  std::string::npos);
    CHECK(withTax.find("**Prices: " + printed("%.0f", cost["stale_share"].get<double>() * 100) +
                       " % of the priced parts rest on prices older than 12 months; " + lines + " " +
                       (toBeQuoted == 1 ? "has" : "have") + " no price**") != std::string::npos);

    const auto csv = folder.file("parts.csv").string();
    REQUIRE(runCli(folder, "report '" + file + "' -o '" + csv + "'").exitCode == 0);
    std::ifstream csvIn(csv);
    std::string header;
    std::getline(csvIn, header);
    CHECK(header.rfind("part_id,name,category,quantity,unit_price,currency", 0) == 0);
    int rows = 0;
    for (std::string line; std::getline(csvIn, line);)
        rows += line.empty() ? 0 : 1;
    CHECK(rows == static_cast<int>(nlohmann::json::parse(std::ifstream(file))["parts"].size()));

    const auto json = folder.file("sheet.json").string();
    REQUIRE(runCli(folder, "report '" + file + "' -o '" + json + "' --lang zh_CN").exitCode == 0);
    const auto sheet = nlohmann::json::parse(std::ifstream(json));
    CHECK(sheet["language"] == "zh_CN");
    CHECK(sheet["sections"][1]["heading"] == "配件清单");

    const auto wrong =
        runCli(folder, "report '" + file + "' -o '" + folder.file("sheet.docx").string() + "'");
    CHECK(wrong.exitCode != 0);
    CHECK(wrong.output.find("name the output file") != std::string::npos);
}

TEST_CASE("The Chinese sheet of the research preset with a LoRA workload has no English sentence left",
          "[cli][report][language]") {
    test::TemporaryFolder folder;
    const auto file = folder.file("research.torchrig").string();
    REQUIRE(runCli(folder, "build new --preset research-2x-rtx-4090 -m llama-2-7b --lora-rank 16 "
                           "--lora-targets q_proj v_proj -b 1 --seq-len 1024 --precision bf16 "
                           "--checkpointing blocks -o '" +
                               file + "'")
                .exitCode == 0);
    const std::string options = " --lang zh_CN --circuit 10x220 --currency CNY --rate USD=7.1 --rate EUR=7.7 "
                                "--rates-date 2026-12-01";
    const auto pdf = folder.file("zh.pdf").string(), json = folder.file("zh.json").string();
    const auto run = runCli(folder, "report '" + file + "' -o '" + pdf + "'" + options);
    INFO(run.output);
    REQUIRE(run.exitCode == 0);
    REQUIRE(runCli(folder, "report '" + file + "' -o '" + json + "'" + options).exitCode == 0);
    auto text = allText(pdfPages(pdf));
    // The sections a workload brings are there: its facts, the rent table, the advice, the assumptions.
    for (const char* heading : {"训练任务", "租用还是购买", "建议", "假设与说明", "勘误"})
        CHECK(text.find(heading) != std::string::npos);

    // Names are names in every language: the parts, their price sources and the cloud offers, as
    // the sheet's JSON gives its cells, are taken out before looking for English.
    std::vector<std::string> names;
    const auto sheet = nlohmann::json::parse(std::ifstream(json));
    for (const auto& section : sheet["sections"])
        for (const auto& table : section["tables"]) {
            const auto& header = table["header"];
            for (const auto& row : table["rows"]) {
                if (header[0] == "配件") {
                    names.push_back(row[0]);
                    names.push_back(row[1]); // the catalog's specification: its figures and terms
                    const std::string priced = row.back();
                    if (const auto at = priced.find(" · "); at != std::string::npos)
                        names.push_back(priced.substr(at + std::string(" · ").size()));
                } else if (header[0] == "方案") {
                    names.push_back(row[0]);
                }
            }
        }
    REQUIRE(names.size() > 10);
    // The total in figures, and in capitals as a Chinese office writes it (大写金额), once.
    std::vector<std::string> totals;
    for (const auto& section : sheet["sections"])
        for (const auto& table : section["tables"])
            for (const auto& line : table["totals"])
                totals.push_back(line);
    const auto total = std::find_if(totals.begin(), totals.end(),
                                    [](const std::string& line) { return line.rfind("总计: ¥", 0) == 0; });
    REQUIRE(total != totals.end());
    const auto figure = std::regex_replace(total->substr(std::string("总计: ¥").size()), std::regex(","), "");
    const double yuan = std::stod(figure);
    CHECK(std::count(totals.begin(), totals.end(), "总计（大写）: " + *plan::chineseCapitalAmount(yuan)) ==
          1);
    std::set<std::string> nameWords;
    for (auto name : names) {
        name = std::regex_replace(name, std::regex("\\s+"), " ");
        for (auto at = text.find(name); !name.empty() && at != std::string::npos; at = text.find(name))
            text.replace(at, name.size(), " ");
        std::istringstream words(name);
        for (std::string word; words >> word;)
            nameWords.insert(word);
    }
    const auto runs = englishRuns(text, nameWords);
    for (const auto& english : runs)
        UNSCOPED_INFO("still English: " << english);
    CHECK(runs.empty());
    // The test itself finds English where there is some: the same sheet in English.
    const auto english = folder.file("en.pdf").string();
    REQUIRE(runCli(folder, "report '" + file + "' -o '" + english + "' --circuit 10x220").exitCode == 0);
    const auto englishText = allText(pdfPages(english));
    CHECK(englishRuns(englishText).size() > 20);
    CHECK(englishText.find("人民币") == std::string::npos); // capitals are a Chinese office's form only
}

TEST_CASE("build check --lang zh_CN says the findings, their fixes and what is not checked in Chinese",
          "[cli][build][language]") {
    test::TemporaryFolder folder;
    const auto file = folder.file("research.torchrig").string();
    REQUIRE(runCli(folder, "build new --preset research-2x-rtx-4090 -o '" + file + "'").exitCode == 0);
    const auto english = runCli(folder, "build check '" + file + "'");
    REQUIRE(english.exitCode == 0);
    CHECK(english.output.find("2 GPUs at x16 and 2 NVMe drives at x4 want 40 PCIe lanes") !=
          std::string::npos);
    const auto chinese = runCli(folder, "build check '" + file + "' --lang zh_CN");
    INFO(chinese.output);
    REQUIRE(chinese.exitCode == 0);
    for (const char* words :
         {"警告: [pcie-lanes] 2 个 x16 的 GPU 和 2 个 x4 的 NVMe 硬盘需要 40 条 PCIe 通道",
          "处理办法: 显卡将以 x8 运行", "未检查项:", "机箱的风扇布局与风道"})
        CHECK(chinese.output.find(words) != std::string::npos);
    CHECK(chinese.output.find("want 40 PCIe lanes") == std::string::npos);
    const auto json =
        nlohmann::json::parse(runCli(folder, "build check '" + file + "' --lang zh_CN --json").output);
    CHECK(json["findings"][0]["rule"] == "pcie-lanes"); // ids stay as they are
    CHECK(json["findings"][0]["message"].get<std::string>().find("条 PCIe 通道") != std::string::npos);
    CHECK(runCli(folder, "build check '" + file + "' --lang fr").exitCode == 2);
}

TEST_CASE("build advise --lang zh_CN says the advice, the article's claim and its correction in Chinese",
          "[cli][build][language]") {
    test::TemporaryFolder folder;
    const auto file = folder.file("research.torchrig").string();
    REQUIRE(runCli(folder, "build new --preset research-2x-rtx-4090 -m llama-2-7b --lora-rank 16 -b 1 "
                           "--seq-len 1024 --precision bf16 -o '" +
                               file + "'")
                .exitCode == 0);
    const auto english = runCli(folder, "build advise '" + file + "'");
    REQUIRE(english.exitCode == 0);
    CHECK(english.output.find("[memory-formula] the article's formula (parameters x 2 bytes) gives") !=
          std::string::npos);
    const auto chinese = runCli(folder, "build advise '" + file + "' --lang zh_CN");
    INFO(chinese.output);
    REQUIRE(chinese.exitCode == 0);
    for (const char* words : {"[memory-formula] 按文章的公式（参数量 × 2 字节）得", "原文: 显存 = 参数量",
                              "但: 这只是权重本身", "来源: seeds/000_bc17f2316f896fdf.txt 一.1 显存需求公式"})
        CHECK(chinese.output.find(words) != std::string::npos);
    CHECK(chinese.output.find("the article's formula") == std::string::npos);
    const auto json =
        nlohmann::json::parse(runCli(folder, "build advise '" + file + "' --lang zh_CN --json").output);
    REQUIRE(!json["advice"].empty());
    CHECK(json["advice"][0]["rule"] == "memory-formula"); // ids stay as they are
    CHECK(json["advice"][0]["correction"].get<std::string>().find("梯度、优化器状态") != std::string::npos);
    CHECK(runCli(folder, "build advise '" + file + "' --lang fr").exitCode == 2);
}
