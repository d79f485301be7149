// libFuzzer target: a CSV of parts for `catalog import`, read as the table of the category its
// header's columns name most (the seed corpus is the bundled catalog's own CSV files). Whatever the
// bytes, the reader answers with parts or a refusal, and the parts it accepts are written as JSON and
// CSV and read back.

#include "category_schema.h"
#include "part_files.h"

#include <cstdint>
#include <cstdlib>
#include <string_view>

namespace {

// The category whose fields the header names most: the import itself takes the category from the
// file's name, which a fuzzer's input does not have.
torchrig::PartCategory headerCategory(std::string_view text) {
    const auto header = text.substr(0, text.find('\n'));
    auto best = torchrig::PartCategory::Gpu;
    int bestCount = -1;
    for (auto category : torchrig::kAllPartCategories) {
        int count = 0;
        for (std::size_t start = 0; start <= header.size();) {
            auto end = header.find(',', start);
            if (end == std::string_view::npos)
                end = header.size();
            count += torchrig::db::findField(category, header.substr(start, end - start)) != nullptr;
            start = end + 1;
        }
        if (count > bestCount) {
            best = category;
            bestCount = count;
        }
    }
    return best;
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    const auto category = headerCategory(text);
    auto parts = torchrig::db::readPartsCsv(text, category, "fuzz.csv");
    if (!parts)
        return 0;
    if (!torchrig::db::readPartsJson(torchrig::db::writePartsJson(*parts), "written.json") ||
        !torchrig::db::readPartsCsv(torchrig::db::writePartsCsv(*parts, category), category, "written.csv"))
        std::abort(); // the writers wrote what their own readers refuse
    return 0;
}
