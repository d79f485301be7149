#pragma once
// The seed articles' three scenarios (../shared/seeds) as planning requests: the workload, the
// budget and the constraints each describes, with where each figure comes from. What an article
// does not say (a dataset's size, a circuit) is the scenario's assumption and says so.
#include "plan/planner.h"
#include "util/message.h"
#include <string>
#include <vector>

namespace torchrig::plan {

struct PlanScenario {
    std::string id; // "entry", "research", "enterprise"
    Message title;
    std::vector<std::string> sources; // the articles' files and sections
    PlanRequest request;              // in CNY: give the rates to it from the catalog's currencies
    std::vector<Message> notes;       // where each figure comes from, and what is assumed
};

const std::vector<PlanScenario>& planScenarios();
const PlanScenario* findPlanScenario(const std::string& id); // null when unknown

} // namespace torchrig::plan
