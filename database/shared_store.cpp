#include "shared_store.h"

#include "util/json_document.h"
#include "util/utf8_text.h"

#include <fmt/format.h>

#include <unistd.h>

#include <array>
#include <random>

namespace torchrig::db {

ValidationRunRecord readValidationRun(ValidationRunRecord run) {
    using B = ValidationHistoryBounds;
    // An excerpt may pass its length by a character and the "…": cut shorter, so that what is
    // read is within the bound and reading it again changes nothing.
    auto cut = [](std::string& text, std::size_t bound) {
        if (text.size() > bound || !isUtf8(text))
            text = textExcerpt(text, bound - 7);
    };
    cut(run.measuredAt, B::kMeasuredAt);
    cut(run.deviceName, B::kDeviceName);
    cut(run.deviceKind, B::kDeviceKind);
    cut(run.libtorchVersion, B::kLibtorch);
    cut(run.model, B::kModel);
    cut(run.machine, B::kMachine);
    cut(run.recordedBy, B::kMember);
    cut(run.uid, B::kUid);
    for (auto* json : {&run.requestJson, &run.resultJson})
        if (json->size() > B::kJsonBytes || !readJsonDocument(*json, "the validation run"))
            *json = "{}";
    return run;
}

std::string thisMachine() {
    std::array<char, 256> name{};
    if (gethostname(name.data(), name.size() - 1) != 0 || name[0] == 0)
        return "this machine";
    return name.data();
}

std::string newRunUid() {
    std::random_device entropy;
    std::string uid;
    for (int i = 0; i < 4; ++i)
        uid += fmt::format("{:08x}", entropy());
    return uid;
}

Status checkValidationRunForSaving(const ValidationRunRecord& run) {
    for (const auto* json : {&run.requestJson, &run.resultJson}) {
        const char* which = json == &run.requestJson ? "request" : "result";
        if (json->size() > ValidationHistoryBounds::kJsonBytes)
            return makeError(ErrorCode::InvalidInput,
                             fmt::format("the validation run could not be saved: its {} is {} bytes, more "
                                         "than the history keeps ({} MiB)",
                                         which, json->size(), ValidationHistoryBounds::kJsonBytes >> 20));
        if (auto read = readJsonDocument(*json, which); !read)
            return makeError(ErrorCode::InvalidInput,
                             "the validation run could not be saved: " + read.error().text());
    }
    // A time the recording desktop gives (a run kept offline keeps the moment it was measured) is
    // the history's own form, so that the server and SQLite read and order it alike.
    const auto& at = run.measuredAt;
    auto digitsAt = [&](std::initializer_list<std::size_t> positions) {
        for (auto i : positions)
            if (at[i] < '0' || at[i] > '9')
                return false;
        return true;
    };
    if (!at.empty() &&
        !(at.size() == 20 && at[4] == '-' && at[7] == '-' && at[10] == 'T' && at[13] == ':' &&
          at[16] == ':' && at[19] == 'Z' && digitsAt({0, 1, 2, 3, 5, 6, 8, 9, 11, 12, 14, 15, 17, 18})))
        return makeError(ErrorCode::InvalidInput,
                         fmt::format("the validation run could not be saved: its time \"{}\" is not "
                                     "UTC as YYYY-MM-DDTHH:MM:SSZ",
                                     textExcerpt(at, 40)));
    if (run.uid.size() > ValidationHistoryBounds::kUid)
        return makeError(ErrorCode::InvalidInput,
                         "the validation run could not be saved: its id is too long");
    return Ok{};
}

Status checkBuildForSaving(const std::string& name, const std::string& document) {
    if (name.find_first_not_of(" \t\r\n") == std::string::npos)
        return makeError(ErrorCode::InvalidInput, "the build could not be saved: give it a name");
    if (name.size() > 200 || !isUtf8(name))
        return makeError(ErrorCode::InvalidInput,
                         "the build could not be saved: its name is longer than 200 bytes or not text");
    if (auto read = readJsonDocument(document, "the build"); !read)
        return makeError(ErrorCode::InvalidInput, "the build could not be saved: " + read.error().text());
    return Ok{};
}

std::string buildCopyName(const std::string& name, const std::string& member) {
    return fmt::format("{} ({}'s copy)", name, member);
}

Error buildSaveConflict(const std::string& name, const SharedBuild& stored, const std::string& member,
                        bool wasOpened) {
    if (!wasOpened)
        return makeError(
            ErrorCode::Conflict,
            fmt::format("a build named \"{}\" exists already (saved by {} at {}), so yours was not "
                        "saved over it. Save yours under another name, such as \"{}\"",
                        name, stored.savedBy, stored.savedAt, buildCopyName(name, member)));
    return makeError(ErrorCode::Conflict,
                     fmt::format("\"{}\" was changed by {} at {} (version {}) after you opened it, so your "
                                 "changes were not saved over theirs. Nothing is lost: save yours as a "
                                 "copy (\"{}\") and compare the two",
                                 name, stored.savedBy, stored.savedAt, stored.version,
                                 buildCopyName(name, member)));
}

} // namespace torchrig::db
