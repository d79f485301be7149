// libFuzzer target: the validation history as the Validate panel's history and the build sheet
// read it (db::readValidationRun, which Catalog::validationRuns applies to every stored row). The
// input is what a row holds: either the history's own export (a JSON list of runs, as
// ValidationHistoryDialog writes it) or a raw row, its seven columns apart by 0x1f, as another
// program may have written them into the database. Whatever the bytes, what the reader hands on
// is bounded, UTF-8, JSON the planner reads, and read again unchanged.

#include "catalog.h"
#include "util/json_document.h"
#include "util/utf8_text.h"

#include <cstdint>
#include <cstdlib>
#include <string>
#include <string_view>
#include <vector>

namespace {

using torchrig::db::ValidationHistoryBounds;
using torchrig::db::ValidationRunRecord;

void check(const ValidationRunRecord& stored) {
    const auto read = torchrig::db::readValidationRun(stored);
    auto bounded = [](const std::string& text, std::size_t bound) {
        if (text.size() > bound || !torchrig::isUtf8(text))
            std::abort();
    };
    bounded(read.measuredAt, ValidationHistoryBounds::kMeasuredAt);
    bounded(read.deviceName, ValidationHistoryBounds::kDeviceName);
    bounded(read.deviceKind, ValidationHistoryBounds::kDeviceKind);
    bounded(read.libtorchVersion, ValidationHistoryBounds::kLibtorch);
    bounded(read.model, ValidationHistoryBounds::kModel);
    bounded(read.machine, ValidationHistoryBounds::kMachine);
    bounded(read.recordedBy, ValidationHistoryBounds::kMember);
    bounded(read.uid, ValidationHistoryBounds::kUid);
    for (const auto* json : {&read.requestJson, &read.resultJson})
        if (json->size() > ValidationHistoryBounds::kJsonBytes || !torchrig::readJsonDocument(*json, "fuzz"))
            std::abort();
    const auto again = torchrig::db::readValidationRun(read);
    if (again.deviceName != read.deviceName || again.model != read.model ||
        again.resultJson != read.resultJson || again.requestJson != read.requestJson ||
        again.measuredAt != read.measuredAt || again.machine != read.machine ||
        again.recordedBy != read.recordedBy || again.uid != read.uid)
        std::abort(); // the bounds are not a fixed point: the sheet and the dialog would differ
}

std::string textOf(const nlohmann::json& run, const char* key) {
    if (!run.contains(key))
        return {};
    const auto& value = run[key];
    return value.is_string() ? value.get<std::string>()
                             : value.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    if (auto document = torchrig::readJsonDocument(text, "fuzz"); document && document->is_array()) {
        for (const auto& run : *document)
            if (run.is_object())
                check({0, textOf(run, "measured_at"), textOf(run, "device"), textOf(run, "device_kind"),
                       textOf(run, "libtorch_version"), textOf(run, "model"), textOf(run, "request"),
                       textOf(run, "result"), textOf(run, "machine"), textOf(run, "recorded_by"),
                       textOf(run, "uid")});
        return 0;
    }
    std::vector<std::string> columns(1);
    for (char c : text) {
        if (c == '\x1f' && columns.size() < 10)
            columns.emplace_back();
        else
            columns.back().push_back(c);
    }
    columns.resize(10);
    check({0, columns[0], columns[1], columns[2], columns[3], columns[4], columns[5], columns[6], columns[7],
           columns[8], columns[9]});
    return 0;
}
