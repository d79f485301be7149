// core's messages: arguments filled in one pass, messages inside messages, each said through the
// translation given, and the English source where it has none; a preset's words on a build.

#include "plan/build_presets.h"
#include "util/message.h"

#include <catch2/catch.hpp>

#include <map>
#include <string>

using torchrig::Message;
namespace plan = torchrig::plan;

TEST_CASE("A message fills its numbered arguments once, in the translation's order", "[message]") {
    auto fits = TORCHRIG_MESSAGE("test", "%1 fits socket %2; %3 has %4").arg("Ryzen 9 7950X").arg("AM5");
    fits.arg("ASUS TUF B550-PLUS").arg("AM4");
    CHECK(fits.text() == "Ryzen 9 7950X fits socket AM5; ASUS TUF B550-PLUS has AM4");
    // An argument's own "%2" is not filled again; a number past the arguments stays.
    CHECK(torchrig::fillArguments("%1 and %3", {"50 %2 off", "x"}) == "50 %2 off and %3");
    CHECK(torchrig::fillArguments("100 % of %1", {"the load"}) == "100 % of the load");

    const std::map<std::string, std::string> chinese = {
        {"%1 fits socket %2; %3 has %4", "%1 使用 %2 插槽；%3 为 %4"},
        {"%1 (GPUs %2)", "%1（GPU %2）"},
        {"the load of %1 exceeds %2", "负载 %1 超过 %2"},
    };
    const Message::Translate translate = [&](const char* context, const char* source) {
        const auto found = chinese.find(source);
        return std::string(context) != "test" || found == chinese.end() ? std::string() : found->second;
    };
    CHECK(fits.text(translate) == "Ryzen 9 7950X 使用 AM5 插槽；ASUS TUF B550-PLUS 为 AM4");

    // A message as an argument is said in the reader's language too; one the translation lacks
    // stays English.
    const auto load = TORCHRIG_MESSAGE("test", "the load of %1 exceeds %2")
                          .arg(TORCHRIG_MESSAGE("test", "%1 (GPUs %2)").arg("965 W").arg("600 W"))
                          .arg("850 W");
    CHECK(load.text() == "the load of 965 W (GPUs 600 W) exceeds 850 W");
    CHECK(load.text(translate) == "负载 965 W（GPU 600 W） 超过 850 W");
    CHECK(TORCHRIG_MESSAGE("test", "not translated").text(translate) == "not translated");

    CHECK(Message().empty());
    CHECK(Message::verbatim("A100").text(translate) == "A100");
    CHECK(load == TORCHRIG_MESSAGE("test", "the load of %1 exceeds %2")
                      .arg(TORCHRIG_MESSAGE("test", "%1 (GPUs %2)").arg("965 W").arg("600 W"))
                      .arg("850 W"));
    CHECK_FALSE(load == TORCHRIG_MESSAGE("test", "the load of %1 exceeds %2").arg("965 W").arg("850 W"));
}

TEST_CASE("A build's title and notes from its preset are said in the reader's language until the user "
          "changes them",
          "[message][presets]") {
    const auto* preset = plan::findBuildPreset("research-2x-rtx-4090");
    REQUIRE(preset);
    const Message::Translate chinese = [](const char* context, const char* source) {
        return std::string(context) == "presets" ? "译：" + std::string(source) : std::string();
    };
    const auto title = preset->title.text();
    CHECK(plan::presetText(preset->id, title, chinese) == "译：" + title);
    CHECK(plan::presetText(preset->id, title, {}) == title);
    CHECK(plan::presetText(preset->id, "Our lab's box", chinese) == "Our lab's box");
    CHECK(plan::presetText("no-such-preset", title, chinese) == title);
    // The notes as a build keeps them, one a line.
    const auto notes = plan::joinedNotes(*preset);
    REQUIRE_FALSE(notes.empty());
    CHECK(plan::presetText(preset->id, notes, chinese) == plan::joinedNotes(*preset, chinese));
    CHECK(plan::presetText(preset->id, notes + "\nours", chinese) == notes + "\nours");
}
