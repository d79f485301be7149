// The bundled catalog against itself: what one row says must agree with what every other row says
// of the same part, and with the figures it is derived from. Each case lists every row it finds, so
// that a failure reads as the list of rows to fix (database/seed/CONVENTIONS.md says how).
#include "catalog.h"
#include "csv_table.h"
#include "hardware/pcie_slot_layout.h"
#include "part_files.h"
#include "part_snapshot.h"
#include "test_support.h"

#include <catch2/catch.hpp>
#include <fmt/format.h>
#include <fmt/ranges.h>

#include <cmath>
#include <map>
#include <regex>
#include <set>

using namespace torchrig;

namespace {

// A row's figure or text as a build reads it (db::partSnapshot), so the suite checks what the rules see.
std::string text(const db::PartRecord& part, std::string_view column) {
    return db::partSnapshot(part).text(column);
}

std::optional<double> number(const db::PartRecord& part, std::string_view column) {
    return db::partSnapshot(part).number(column);
}

const std::vector<db::PartRecord>& bundledParts() {
    static const auto parts = [] {
        test::TemporaryFolder folder;
        return test::openCatalog(folder.file("user.sqlite"))->list();
    }();
    return parts;
}

std::map<std::string, const db::PartRecord*> partsById() {
    std::map<std::string, const db::PartRecord*> byId;
    for (const auto& part : bundledParts())
        byId[part.id] = &part;
    return byId;
}

db::CsvTable seedTable(const std::string& file) {
    auto table = db::parseCsv(test::readFile(test::seedFolder() / file), file);
    REQUIRE(table.ok());
    return *table;
}

// A part id written in prose ("see gpu/a800-sxm4-80gb"), not a piece of a web address
// ("nvidia.com/…/gpu/nvidia-l40s").
std::vector<std::string> idsNamedIn(const std::string& prose) {
    static const std::regex id(
        R"((gpu|cpu|memory|storage|motherboard|psu|chassis|interconnect|cloud|cooler|server)/[a-z0-9][a-z0-9._-]*[a-z0-9])");
    std::vector<std::string> ids;
    for (std::sregex_iterator it(prose.begin(), prose.end(), id), end; it != end; ++it) {
        const auto at = static_cast<std::size_t>(it->position());
        const char before = at > 0 ? prose[at - 1] : ' ';
        if (before == '/' || before == '.' || before == '-' || before == '_' ||
            std::isalnum(static_cast<unsigned char>(before)))
            continue;
        ids.push_back(it->str());
    }
    return ids;
}

// The years a prose note gives for an announcement and for the part going on sale.
std::optional<int> yearAfter(const std::string& note, const std::regex& phrase) {
    std::smatch match;
    if (!std::regex_search(note, match, phrase))
        return std::nullopt;
    return std::stoi(match[1].str());
}

} // namespace

TEST_CASE("Every part id a catalog row names is a part of the catalog", "[database][consistency]") {
    const auto byId = partsById();
    std::vector<std::string> unresolved;
    for (const auto& part : bundledParts()) {
        for (const auto* column : {"gpu_part_id"}) {
            const auto named = text(part, column);
            if (!named.empty() && !byId.contains(named))
                unresolved.push_back(part.id + " " + column + ": " + named);
        }
        for (const auto& prose : {part.notes, part.provenance.source})
            for (const auto& named : idsNamedIn(prose))
                if (!byId.contains(named))
                    unresolved.push_back(part.id + " notes/source: " + named);
    }
    for (const auto& file : {"field_sources.csv", "market_restrictions.csv", "prices.csv"}) {
        const auto table = seedTable(file);
        for (const auto& row : table.rows)
            if (!byId.contains(row[0]))
                unresolved.push_back(std::string(file) + ": " + row[0]);
    }
    INFO(fmt::format("{}", fmt::join(unresolved, "\n")));
    CHECK(unresolved.empty());
}

TEST_CASE("Every cloud offer names the catalog's part for its GPU, or says why it cannot",
          "[database][consistency]") {
    std::vector<std::string> unnamed;
    for (const auto& part : bundledParts()) {
        if (part.category != PartCategory::CloudInstance)
            continue;
        const auto gpu = text(part, "gpu_name");
        // A slice of a card (a vGPU, "1/4 T4") is not the card: its memory and rates are the slice's.
        const bool slice = gpu.find("vGPU") != std::string::npos || gpu.find("1/") != std::string::npos;
        // "H100" alone is three parts (SXM5, PCIe, NVL): a source that does not say which leaves it open.
        const bool saidWhy = part.notes.find("gpu_part_id left empty") != std::string::npos;
        if (text(part, "gpu_part_id").empty() && !slice && !saidWhy)
            unnamed.push_back(part.id + " (" + gpu + ")");
    }
    INFO(fmt::format("{}", fmt::join(unnamed, "\n")));
    CHECK(unnamed.empty());
}

TEST_CASE("A GPU's memory and form are the same on its own row, its cloud offers and its servers",
          "[database][consistency]") {
    // One convention (CONVENTIONS.md): memory per GPU in the nominal GB its maker sells it as, never
    // the GiB a cloud's API reports (44.7 for an L40S's 48 GB).
    const auto byId = partsById();
    std::vector<std::string> disagreements;
    for (const auto& part : bundledParts()) {
        const auto gpuId = text(part, "gpu_part_id");
        if (gpuId.empty() || !byId.contains(gpuId))
            continue;
        const auto& gpu = *byId.at(gpuId);
        const auto vram = number(gpu, "vram_gb");
        if (const auto memory = number(part, "gpu_memory_gb"); memory && vram && *memory != *vram)
            disagreements.push_back(
                fmt::format("{}: {} GB per GPU, {} says {} GB", part.id, *memory, gpuId, *vram));
        if (part.category == PartCategory::Server &&
            text(part, "gpu_form_factor") != text(gpu, "form_factor"))
            disagreements.push_back(fmt::format("{}: {} GPU slots, {} is {}", part.id,
                                                text(part, "gpu_form_factor"), gpuId,
                                                text(gpu, "form_factor")));
    }
    INFO(fmt::format("{}", fmt::join(disagreements, "\n")));
    CHECK(disagreements.empty());
}

TEST_CASE("No two bundled prices alike without a region or a retailer to tell them apart",
          "[database][consistency][prices]") {
    const auto table = seedTable("prices.csv");
    const auto column = [&](std::string_view name) {
        const auto at = std::find(table.header.begin(), table.header.end(), name);
        REQUIRE(at != table.header.end());
        return static_cast<std::size_t>(at - table.header.begin());
    };
    const std::size_t part = column("part_id"), kind = column("kind"), date = column("date"),
                      currency = column("currency"), region = column("region"), retailer = column("retailer");
    std::map<std::vector<std::string>, int> seen;
    std::vector<std::string> twins;
    for (std::size_t r = 0; r < table.rows.size(); ++r) {
        const auto& row = table.rows[r];
        const std::vector<std::string> key{row[part],     row[kind],   row[date],
                                           row[currency], row[region], row[retailer]};
        if (const auto [at, inserted] = seen.emplace(key, table.rowNumbers[r]); !inserted)
            twins.push_back(fmt::format("prices.csv rows {} and {}: {}", at->second, table.rowNumbers[r],
                                        fmt::join(key, ", ")));
    }
    INFO(fmt::format("{}", fmt::join(twins, "\n")));
    CHECK(twins.empty());
}

TEST_CASE("A GPU's derived rates agree with the figures they are derived from", "[database][consistency]") {
    std::vector<std::string> wrong;
    // FP32 = shader cores × boost clock × 2 (one fused multiply-add a clock), where the row's source
    // gives both ("6144 cores/48 SM, 2512 MHz", "8448 CUDA, 2610 MHz").
    static const std::regex coresAndClock(R"((\d[\d,]*) (?:CUDA|cores)[^;()]*?, (\d{3,4}) MHz)");
    for (const auto& part : bundledParts()) {
        if (part.category != PartCategory::Gpu)
            continue;
        const auto fp32 = number(part, "fp32_tflops");
        std::smatch match;
        if (fp32 && std::regex_search(part.provenance.source, match, coresAndClock)) {
            auto cores = match[1].str();
            std::erase(cores, ',');
            const double derived = std::stod(cores) * std::stod(match[2].str()) * 2 / 1e6;
            // The catalog writes a rate to one decimal or two; anything further is a wrong figure.
            if (std::abs(derived - *fp32) > 0.051)
                wrong.push_back(fmt::format("{}: fp32 {} but its source's {} × {} MHz × 2 is {:.2f}", part.id,
                                            *fp32, match[1].str(), match[2].str(), derived));
        }
        // GeForce cards from Ampere on run FP16 tensor math with FP32 accumulate at twice their FP32
        // rate (both are SM count × clock × a per-SM constant), so one gives the other; China's
        // export-capped cards (the RTX 5090 D's cut AI TOPS) are the exception their notes give.
        const auto fp16 = number(part, "fp16_tflops");
        const bool geforce = part.name.find("GeForce") != std::string::npos &&
                             text(part, "architecture").find("Turing") == std::string::npos &&
                             part.notes.find("AI-TOPS cut") == std::string::npos;
        if (geforce && fp32 && fp16 && text(part, "tensor_accumulate") == "fp32" &&
            std::abs(*fp16 / 2 - *fp32) / *fp32 > 0.005)
            wrong.push_back(fmt::format("{}: fp16 {} is not twice fp32 {}", part.id, *fp16, *fp32));
    }
    INFO(fmt::format("{}", fmt::join(wrong, "\n")));
    CHECK(wrong.empty());
}

TEST_CASE("A launch year is the year the part went on sale, not the year it was announced",
          "[database][consistency]") {
    static const std::regex announced(R"([Aa]nnounced[^0-9;]{0,12}((?:19|20)\d\d))");
    static const std::regex onSale(
        R"((?:shipped|shipping|volume|GA|generally available|available|on sale)[^0-9;]{0,12}((?:19|20)\d\d))");
    std::vector<std::string> wrong;
    for (const auto& part : bundledParts()) {
        // A GPU's launch_year, a CPU's launch_date ("2022-09-27"): one meaning, the year on sale.
        auto launch = number(part, "launch_year");
        if (const auto date = text(part, "launch_date");
            !launch && date.size() >= 4 && std::all_of(date.begin(), date.begin() + 4, ::isdigit))
            launch = std::stod(date.substr(0, 4));
        const auto announcement = yearAfter(part.notes, announced);
        const auto sale = yearAfter(part.notes, onSale);
        if (launch && announcement && sale && *sale > *announcement && *launch != *sale)
            wrong.push_back(fmt::format("{}: launch_year {}, but its notes say announced {} and on sale {}",
                                        part.id, *launch, *announcement, *sale));
    }
    INFO(fmt::format("{}", fmt::join(wrong, "\n")));
    CHECK(wrong.empty());
}

TEST_CASE("A row is not dated after the snapshot its own prices were read from", "[database][consistency]") {
    // A row and its prices read from one dated snapshot (a cloud catalog at a commit) are as old as
    // that snapshot: the row's as_of cannot be newer than the newest price it took from there.
    std::vector<std::string> wrong;
    for (const auto& part : bundledParts()) {
        const auto snapshot = part.provenance.source.substr(0, part.provenance.source.find(';'));
        std::string newest;
        for (const auto& price : part.prices)
            if (price.kind != PriceKind::LaunchMsrp && price.source.starts_with(snapshot))
                newest = std::max(newest, price.date);
        const auto& asOf = part.provenance.asOf;
        const auto digits = std::min(asOf.size(), newest.size()); // "2026-12" against "2025-06-30"
        if (!newest.empty() && asOf.substr(0, digits) > newest.substr(0, digits))
            wrong.push_back(fmt::format("{}: as_of {}, but its prices from its own source are of {}", part.id,
                                        part.provenance.asOf, newest));
    }
    INFO(fmt::format("{}", fmt::join(wrong, "\n")));
    CHECK(wrong.empty());
}

TEST_CASE("A board's slot string lists every slot it has, by position, within its form factor",
          "[database][consistency]") {
    // Expansion-slot positions a form factor has (ATX 7, Micro-ATX 4, Mini-ITX 1; E-ATX and EEB 7).
    const std::map<std::string, int> positions{{"ATX", 7},   {"Micro-ATX", 4}, {"Mini-ITX", 1},
                                               {"E-ATX", 7}, {"EEB", 7},       {"SSI-EEB", 7}};
    // "one PCIe 3.0 x1 (B650) at position 4", "A PCIe 3.0 x1 slot at position 7": what the notes
    // describe is in the string.
    static const std::regex described(R"(PCIe (\d\.\d) x(\d+)(?: slot)?(?: \([^)]*\))? at position (\d))");
    std::vector<std::string> wrong;
    for (const auto& part : bundledParts()) {
        if (part.category != PartCategory::Motherboard)
            continue;
        const auto written = text(part, "pcie_slots");
        const auto layout = PcieSlotLayout::parse(written);
        if (!layout.ok()) {
            wrong.push_back(part.id + ": \"" + written + "\" is not a slot string: " + layout.error().text());
            continue;
        }
        int previous = 0;
        const auto limit = positions.find(text(part, "form_factor"));
        for (const auto& slot : layout->slots) {
            if (slot.position <= previous)
                wrong.push_back(
                    fmt::format("{}: slot @{} is not below the one before it", part.id, slot.position));
            if (limit != positions.end() && slot.position > limit->second)
                wrong.push_back(fmt::format("{}: slot @{} is past a {} board's {} positions", part.id,
                                            slot.position, limit->first, limit->second));
            previous = slot.position;
        }
        if (limit == positions.end())
            wrong.push_back(part.id + ": form factor \"" + text(part, "form_factor") +
                            "\" has no slot count here");
        for (std::sregex_iterator it(part.notes.begin(), part.notes.end(), described), end; it != end; ++it) {
            const auto slot = fmt::format("{}x{}@{}", (*it)[1].str(), (*it)[2].str(), (*it)[3].str());
            if (written.find(slot) == std::string::npos)
                wrong.push_back(part.id + ": its notes describe " + it->str() + ", which \"" + written +
                                "\" lacks");
        }
    }
    INFO(fmt::format("{}", fmt::join(wrong, "\n")));
    CHECK(wrong.empty());
}

TEST_CASE("An accelerator that is not NVIDIA's or AMD's names how PyTorch reaches it, and its sources",
          "[database][consistency]") {
    std::vector<std::string> unnamed;
    int domestic = 0;
    for (const auto& part : bundledParts()) {
        if (part.category != PartCategory::Gpu || part.vendor == "NVIDIA" || part.vendor == "AMD")
            continue;
        ++domestic;
        // Its time is estimated only through a plugin's band (estimate.h): without the backend, it
        // would be taken for a CUDA card and given a CUDA card's band.
        if (text(part, "pytorch_backend").empty() || part.provenance.source.empty())
            unnamed.push_back(part.id);
    }
    INFO(fmt::format("{}", fmt::join(unnamed, "\n")));
    CHECK(unnamed.empty());
    CHECK(domestic >= 3);
}

TEST_CASE("An imported cloud offer's GiB per GPU is stored as its GPU's nominal GB, and the import says so",
          "[database][consistency]") {
    test::TemporaryFolder folder;
    auto catalog = test::openCatalog(folder.file("user.sqlite"));
    auto offers =
        db::readPartsCsv("id,name,vendor,provider,instance_type,gpu_part_id,gpu_name,gpu_count,"
                         "gpu_memory_gb,source,as_of,confidence\n"
                         "cloud/lab-l40s,Lab L40S,Lab,Lab,l40s.1,gpu/l40s,L40S,1,44.7,price page,"
                         "2026-12,high\n"
                         "cloud/lab-slice,Lab slice,Lab,Lab,l40s.q,gpu/l40s,L40S quarter,1,12,price "
                         "page,2026-12,high\n",
                         PartCategory::CloudInstance, "offers.csv");
    REQUIRE(offers.ok());
    auto report = catalog->importParts(*offers);
    REQUIRE(report.ok());
    CHECK(std::get<double>(catalog->find("cloud/lab-l40s")->field("gpu_memory_gb")) == 48.0);
    REQUIRE(report->conversions.size() == 1);
    CHECK(report->conversions[0] == "cloud/lab-l40s: 44.7 GB per GPU read as the GiB a cloud reports; stored "
                                    "as L40S's nominal 48 GB");
    // A figure no unit mistake explains (a quarter of the card) is kept as the row gives it.
    CHECK(std::get<double>(catalog->find("cloud/lab-slice")->field("gpu_memory_gb")) == 12.0);
}
