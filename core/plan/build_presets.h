#pragma once
// The seed articles' scenario builds (../shared/seeds), composed from catalog parts and tagged
// with the article and section they come from. Where an article leaves a part out (a board, a
// power supply, a case), the preset adds one so that the build can be checked, and says so; where
// an article is wrong (../shared/design/SEED-ERRATA.md), the preset keeps its intent and says
// what is right.

#include "util/message.h"

#include <cstdint>
#include <string>
#include <vector>

namespace torchrig::plan {

struct PresetPart {
    std::string partId; // a catalog id: "gpu/rtx-3060-12gb"
    int quantity = 1;   // per node
    Message note;       // why it is there when the article did not name it, or how it differs
};

// A workload the preset's article names as its goal: the zoo model that stands for it, the figures
// the article gives, the rest what a user would start from on the build (workload_defaults.h).
struct PresetWorkload {
    std::string model;          // a zoo id
    std::int64_t batch = 0;     // per GPU, when the article gives one (0: the defaults')
    std::int64_t imageSize = 0; // when the article's data sets it (0: the model's)
    Message origin;             // what the article says, and how the workload stands for it
};

struct BuildPreset {
    std::string id;     // "entry-rtx-3060"
    Message title;      // "Entry: RTX 3060 12GB, Ryzen 5 5600X"
    std::string source; // the article's file under shared/seeds and its section
    Message budgetBand; // the articles' budget band, with their currency
    int nodes = 1;
    std::vector<PresetPart> parts; // one node's
    std::vector<Message> notes;    // corrections and what the preset added
    std::vector<PresetWorkload> workloads;
};

const std::vector<BuildPreset>& buildPresets();
const BuildPreset* findBuildPreset(const std::string& id); // null when unknown

// The preset's notes as a build keeps them: one a line.
std::string joinedNotes(const BuildPreset& preset, const Message::Translate& translate = {});

// A text a build took from its preset (its title, notes, a part's note), said in the reader's language
// while it is still the preset's English; anything else, the user's own words, as it is.
std::string presetText(const std::string& presetId, const std::string& text,
                       const Message::Translate& translate);

} // namespace torchrig::plan
