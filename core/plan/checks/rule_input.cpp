#include "plan/checks/rule_input.h"

#include "hardware/pcie_slot_layout.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <sstream>

namespace torchrig::plan::checks {

BuildParts::BuildParts(const Build& build) {
    for (const auto& part : build.parts) {
        switch (part.snapshot.category) {
        case PartCategory::Gpu:
            gpus.push_back(&part);
            gpuCount += part.quantity;
            break;
        case PartCategory::Cpu: cpus.push_back(&part); break;
        case PartCategory::Motherboard: boards.push_back(&part); break;
        case PartCategory::MemoryKit: memory.push_back(&part); break;
        case PartCategory::Psu: psus.push_back(&part); break;
        case PartCategory::Chassis: chassis.push_back(&part); break;
        case PartCategory::Storage: storage.push_back(&part); break;
        case PartCategory::Interconnect: interconnects.push_back(&part); break;
        case PartCategory::Server: servers.push_back(&part); break;
        case PartCategory::Cooler: coolers.push_back(&part); break;
        default: break;
        }
    }
    server = servers.empty() ? nullptr : servers.front();
    completeSystem = server && !text(*server, "cpu_included").empty();
    cpu = cpus.empty() ? nullptr : cpus.front();
    board = boards.empty() ? server : boards.front();
    psu = psus.empty() ? nullptr : psus.front();
    chassisPart = chassis.empty() ? server : chassis.front();
    gpuModules = std::any_of(gpus.begin(), gpus.end(), [](const BuildPart* g) {
        return text(*g, "form_factor") == "sxm" || text(*g, "form_factor") == "oam";
    });
}

namespace {

// Each card covers its slot width, so the next card needs a slot at least that many positions lower.
std::optional<CardPlacement> placeCards(const BuildParts& p) {
    if (!p.board || p.gpuCount == 0 || p.gpuModules)
        return std::nullopt;
    auto layout = PcieSlotLayout::parse(text(*p.board, "pcie_slots"));
    if (!layout || layout->slots.empty())
        return std::nullopt;
    double width = 1;
    for (const auto* gpu : p.gpus)
        width = std::max(width, number(*gpu, "slot_width").value_or(2));
    CardPlacement placement;
    placement.slots = layout->toString();
    placement.width = static_cast<int>(std::ceil(width));
    for (const auto& slot : layout->cardSlots(placement.width, p.gpuCount)) {
        ++placement.placed;
        placement.positions.push_back(slot.position);
        placement.nextFree = slot.position + placement.width;
    }
    return placement;
}

} // namespace

RuleInput::RuleInput(const Build& build_, const CheckOptions& options_)
    : build(build_)
    , options(options_)
    , parts(build_)
    , load(nodeLoad(build_))
    , placement(placeCards(parts)) {}

std::optional<double> number(const BuildPart& part, std::string_view column) {
    return part.snapshot.number(column);
}

std::string text(const BuildPart& part, std::string_view column) {
    return part.snapshot.text(column);
}

std::string upper(std::string s) {
    std::transform(s.begin(), s.end(), s.begin(),
                   [](unsigned char c) { return static_cast<char>(std::toupper(c)); });
    return s;
}

std::string watts(double w) {
    std::ostringstream out;
    out << static_cast<long long>(std::lround(w)) << " W";
    return out.str();
}

void addFinding(std::vector<Finding>& findings, Severity severity, std::string_view rule, Message message,
                std::vector<std::string> parts, Message fix) {
    findings.push_back({severity, std::string(rule), std::move(message), std::move(parts), std::move(fix)});
}

} // namespace torchrig::plan::checks
