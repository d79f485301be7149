#include "plan/plan_search_notes.h"

namespace torchrig::plan {

std::vector<Message> searchNotes(const SearchLeftOut& leftOut) {
    std::vector<Message> notes;
    if (leftOut.unpricedGpus > 0)
        notes.push_back(TORCHRIG_MESSAGE("plan", "%1 GPUs of the catalog have no purchase price in %2 (or no "
                                                 "rate to it) and were left out")
                            .arg(std::to_string(leftOut.unpricedGpus))
                            .arg(leftOut.currency));
    if (!leftOut.notSoldInMarket.empty()) {
        std::string names;
        for (const auto& name : leftOut.notSoldInMarket)
            names += (names.empty() ? "" : ", ") + name;
        notes.push_back(TORCHRIG_MESSAGE("plan", "%1 GPUs of the catalog are not sold new in mainland China "
                                                 "under US export rules and were left out: %2")
                            .arg(std::to_string(leftOut.notSoldInMarket.size()))
                            .arg(names));
    }
    if (leftOut.serverModules > 0)
        notes.push_back(TORCHRIG_MESSAGE("plan", "%1 SXM or OAM GPUs were left out: they are bought in a GPU "
                                                 "server, which the planner does not compose yet")
                            .arg(std::to_string(leftOut.serverModules)));
    return notes;
}

} // namespace torchrig::plan
