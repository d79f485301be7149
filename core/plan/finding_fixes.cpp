#include "plan/finding_fixes.h"

#include <algorithm>
#include <functional>
#include <limits>
#include <set>
#include <tuple>

namespace torchrig::plan {

namespace {

// The smaller, the less of the user's build a fix changes.
enum class ChangeKind { Quantity, Remove, Replace, Add };

struct Counts {
    int problems = 0;
    int warnings = 0;
    int notes = 0;
    int incomplete = 0;
};

Counts countFindings(const std::vector<Finding>& findings) {
    Counts c;
    for (const auto& f : findings) {
        c.problems += f.severity == Severity::Problem;
        c.warnings += f.severity == Severity::Warning;
        c.notes += f.severity == Severity::Note;
        const auto* rule = findCompatibilityRule(f.rule);
        c.incomplete += rule && rule->missingParts;
    }
    return c;
}

struct FixCandidate {
    ChangeKind kind = ChangeKind::Quantity;
    Message label;
    Build after;
    std::set<std::string> concerned; // the finding's parts as they are after the change
    double priceUsd = std::numeric_limits<double>::infinity(); // of what it brings in; none: last
    Counts counts;
};

double usdPrice(const PartSnapshot& snapshot) {
    if (snapshot.price && snapshot.price->currency == "USD")
        return snapshot.price->amount;
    return std::numeric_limits<double>::infinity();
}

// A part the user chose the build for is not swapped for another by a fix: its GPUs (and a cloud
// instance); their number may change.
bool replaceable(PartCategory category) {
    return category != PartCategory::Gpu && category != PartCategory::CloudInstance;
}

// Removing a part is a fix only for parts a build does without (a bridge, a network card).
bool removable(PartCategory category) {
    return category == PartCategory::Interconnect;
}

// The kinds of part the rule asks for (those it concerns) that the build lacks.
std::vector<PartCategory> missingCategories(const Build& build, const CompatibilityRule& rule) {
    std::vector<PartCategory> missing;
    for (auto category : rule.concerns)
        if (std::none_of(build.parts.begin(), build.parts.end(),
                         [&](const BuildPart& p) { return p.snapshot.category == category; }))
            missing.push_back(category);
    return missing;
}

bool stillFires(const Finding& target, const FixCandidate& candidate, const std::vector<Finding>& after) {
    return std::any_of(after.begin(), after.end(), [&](const Finding& f) {
        if (f.rule != target.rule || f.severity != target.severity)
            return false;
        if (target.parts.empty())
            return f.message == target.message;
        return std::any_of(f.parts.begin(), f.parts.end(),
                           [&](const std::string& id) { return candidate.concerned.contains(id); });
    });
}

bool better(const Finding& target, const Counts& before, const Counts& after) {
    if (after.incomplete > before.incomplete || after.problems > before.problems)
        return false;
    switch (target.severity) {
    case Severity::Problem: return after.problems < before.problems;
    case Severity::Warning: return after.warnings < before.warnings;
    case Severity::Note: return after.warnings <= before.warnings && after.notes < before.notes;
    }
    return false;
}

// The smaller quantities tried as fixes: each of the next 16 down, then halving. A build of eight
// GPUs tries every count, one of 100,000 cards tries 32 counts, not 99,999 copies of the build.
std::vector<int> fewerQuantities(int quantity) {
    std::set<int, std::greater<>> tried;
    for (int less = 1; less <= 16 && quantity - less >= 1; ++less)
        tried.insert(quantity - less);
    for (int half = quantity / 2; half >= 1; half /= 2)
        tried.insert(half);
    return {tried.begin(), tried.end()};
}

} // namespace

std::vector<BuildFix> fixesFor(const Finding& finding, const Build& build,
                               const std::vector<CatalogChoice>& catalog, const CheckOptions& options,
                               std::size_t limit) {
    std::vector<FixCandidate> candidates;
    const auto* rule = findCompatibilityRule(finding.rule);
    const auto search = rule ? rule->fixes : FixSearch::ChangeParts;
    const std::set<std::string> concerned(finding.parts.begin(), finding.parts.end());
    for (std::size_t i = 0; i < build.parts.size(); ++i) {
        const auto& part = build.parts[i];
        if (!concerned.contains(part.partId))
            continue;
        // Fewer GPUs is no answer to how they talk to each other.
        const bool keepCount =
            part.snapshot.category == PartCategory::Gpu && search == FixSearch::ChangePartsKeepingGpuCount;
        for (int quantity : keepCount ? std::vector<int>{} : fewerQuantities(part.quantity)) {
            FixCandidate c{ChangeKind::Quantity,
                           TORCHRIG_MESSAGE("compatibility", "%1 × %2 instead of %3")
                               .arg(std::to_string(quantity))
                               .arg(part.snapshot.name)
                               .arg(std::to_string(part.quantity)),
                           build,
                           concerned,
                           0,
                           {}};
            c.after.parts[i].quantity = quantity;
            candidates.push_back(std::move(c));
        }
        if (removable(part.snapshot.category)) {
            FixCandidate c{ChangeKind::Remove,
                           TORCHRIG_MESSAGE("compatibility", "Remove %1").arg(part.snapshot.name),
                           build,
                           concerned,
                           0,
                           {}};
            c.after.parts.erase(c.after.parts.begin() + static_cast<std::ptrdiff_t>(i));
            c.concerned.erase(part.partId);
            candidates.push_back(std::move(c));
        }
        if (!replaceable(part.snapshot.category))
            continue;
        for (const auto& choice : catalog) {
            if (choice.snapshot.category != part.snapshot.category || choice.partId == part.partId ||
                choice.snapshot.text("kind") != part.snapshot.text("kind")) // a bridge for a bridge
                continue;
            if (std::any_of(build.parts.begin(), build.parts.end(),
                            [&](const BuildPart& p) { return p.partId == choice.partId; }))
                continue; // already in the build: a quantity, not a replacement
            FixCandidate c{ChangeKind::Replace,
                           TORCHRIG_MESSAGE("compatibility", "Replace %1 with %2")
                               .arg(part.snapshot.name)
                               .arg(choice.snapshot.name),
                           build,
                           concerned,
                           usdPrice(choice.snapshot),
                           {}};
            c.after.parts[i] = {choice.partId, part.quantity, part.note, choice.snapshot};
            c.concerned.erase(part.partId);
            c.concerned.insert(choice.partId);
            candidates.push_back(std::move(c));
        }
    }
    if (search == FixSearch::AddMissingParts) {
        for (auto category : missingCategories(build, *rule))
            for (const auto& choice : catalog) {
                if (choice.snapshot.category != category)
                    continue;
                FixCandidate c{ChangeKind::Add,
                               TORCHRIG_MESSAGE("compatibility", "Add %1").arg(choice.snapshot.name),
                               build,
                               concerned,
                               usdPrice(choice.snapshot),
                               {}};
                c.after.parts.push_back({choice.partId, 1, "", choice.snapshot});
                candidates.push_back(std::move(c));
            }
    }

    const auto before = countFindings(checkBuild(build, options));
    std::vector<FixCandidate> fixes;
    for (auto& c : candidates) {
        const auto after = checkBuild(c.after, options);
        c.counts = countFindings(after);
        if (!stillFires(finding, c, after) && better(finding, before, c.counts))
            fixes.push_back(std::move(c));
    }
    std::stable_sort(fixes.begin(), fixes.end(), [](const FixCandidate& a, const FixCandidate& b) {
        return std::tuple(a.counts.problems, a.counts.warnings, a.kind, a.counts.notes, a.priceUsd) <
               std::tuple(b.counts.problems, b.counts.warnings, b.kind, b.counts.notes, b.priceUsd);
    });
    std::vector<BuildFix> out;
    for (auto& c : fixes) {
        if (out.size() >= limit)
            break;
        out.push_back({std::move(c.label), std::move(c.after)});
    }
    return out;
}

} // namespace torchrig::plan
