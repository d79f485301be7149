#include "part_snapshot.h"

#include "plan/gpu_device_spec.h"
#include "plan/workload_defaults.h"

#include <map>
#include <tuple>
#include <variant>

namespace torchrig::db {

plan::PartSnapshot partSnapshot(const PartRecord& part) {
    plan::PartSnapshot s;
    s.name = part.name;
    s.category = part.category;
    for (const auto& [column, value] : part.fields)
        s.fields[column] = std::visit([](const auto& v) -> plan::SpecValue { return v; }, value);
    s.price = snapshotPrice(part);
    return s;
}

std::optional<Price> snapshotPrice(const PartRecord& part) {
    // A USD price before another (the app converts with one exchange rate, from USD); then a shop's or
    // a vendor's price before a launch price, a launch price before an hourly one; then the newest.
    auto rank = [](PriceKind kind) {
        switch (kind) {
        case PriceKind::Street:
        case PriceKind::VendorQuote: return 0;
        case PriceKind::LaunchMsrp: return 1;
        case PriceKind::OnDemandHourly: return 2;
        default: return 3;
        }
    };
    const Price* best = nullptr;
    for (const auto& price : part.prices) {
        if (rank(price.kind) > 2)
            continue;
        const auto key = std::tuple(price.currency == "USD", -rank(price.kind), price.date);
        if (!best || key >= std::tuple(best->currency == "USD", -rank(best->kind), best->date))
            best = &price;
    }
    return best ? std::optional<Price>(*best) : std::nullopt;
}

std::vector<plan::CatalogChoice> catalogChoices(const Catalog& catalog) {
    std::vector<plan::CatalogChoice> choices;
    for (const auto& part : catalog.list())
        if (part.category != PartCategory::CloudInstance && part.category != PartCategory::Gpu)
            choices.push_back({part.id, partSnapshot(part)});
    return choices;
}

plan::PlanCatalog planCatalog(const Catalog& catalog) {
    plan::PlanCatalog plan;
    for (const auto& part : catalog.list())
        plan.parts.push_back({part.id, partSnapshot(part)});
    plan.offers = cloudOffers(catalog);
    plan.restrictions = catalog.pack().marketRestrictions;
    return plan;
}

namespace {

// "RunPod · 1 × Instinct MI300X 192GB · US": who rents it, what it holds and where; the catalog's
// name where a field is missing.
std::string cloudOfferName(const plan::PartSnapshot& snapshot, const std::string& catalogName) {
    const auto provider = snapshot.text("provider");
    const auto gpu = snapshot.text("gpu_name");
    if (provider.empty() || gpu.empty())
        return catalogName;
    auto name = provider + " · " +
                std::to_string(static_cast<int>(snapshot.number("gpu_count").value_or(1))) + " × " + gpu;
    // The region up to its note: "China regions (per-region availability: …)" is "China regions".
    auto region = snapshot.text("region");
    region = region.substr(0, region.find(" ("));
    if (!region.empty())
        name += " · " + region;
    return name;
}

} // namespace

std::vector<plan::CloudOffer> cloudOffers(const Catalog& catalog) {
    std::vector<plan::CloudOffer> offers;
    for (const auto& instance : catalog.list(PartCategory::CloudInstance)) {
        const auto snapshot = partSnapshot(instance);
        plan::CloudOffer offer;
        offer.id = instance.id;
        offer.name = cloudOfferName(snapshot, instance.name);
        offer.gpuName = snapshot.text("gpu_name");
        offer.gpuCount = static_cast<int>(snapshot.number("gpu_count").value_or(1));
        if (auto gpu = catalog.find(snapshot.text("gpu_part_id")))
            offer.gpu = plan::gpuDeviceSpec(gpu->id, partSnapshot(*gpu));
        if (const auto* price = instance.latestPrice(PriceKind::OnDemandHourly))
            offer.hourly = *price;
        offers.push_back(std::move(offer));
    }
    // Two offers alike (one GPU, more CPUs and RAM) are told apart by the provider's instance type.
    std::map<std::string, int> named;
    for (const auto& offer : offers)
        ++named[offer.name];
    for (auto& offer : offers)
        if (named[offer.name] > 1)
            if (const auto part = catalog.find(offer.id))
                if (const auto type = partSnapshot(*part).text("instance_type"); !type.empty())
                    offer.name += " (" + type + ")";
    return offers;
}

std::vector<CatalogGpu> catalogGpus(const Catalog& catalog) {
    std::vector<CatalogGpu> gpus;
    for (const auto& part : catalog.list(PartCategory::Gpu)) {
        CatalogGpu g{plan::gpuDeviceSpec(part.id, partSnapshot(part)), 0};
        if (const auto* msrp = part.latestPrice(PriceKind::LaunchMsrp); msrp && msrp->currency == "USD")
            g.launchPriceUsd = msrp->amount;
        gpus.push_back(std::move(g));
    }
    return gpus;
}

Result<plan::Build> presetBuild(const plan::BuildPreset& preset, const Catalog& catalog,
                                const Message::Translate& translate) {
    plan::Build build;
    build.title = preset.title.text(translate);
    build.presetId = preset.id;
    build.source = preset.source;
    build.nodes = preset.nodes;
    build.notes = plan::joinedNotes(preset, translate);
    for (const auto& p : preset.parts) {
        auto part = catalog.find(p.partId);
        if (!part)
            return makeError(ErrorCode::NotFound, "the preset's part " + p.partId + " is not in the catalog");
        build.parts.push_back({p.partId, p.quantity, p.note.text(translate), partSnapshot(*part)});
    }
    // The article's goal as workloads, so that the first view shows memory, time and cost (the notes
    // say where each comes from).
    for (const auto& w : preset.workloads) {
        auto model = requireZooModel(w.model);
        if (!model)
            return model.error();
        auto defaults = plan::defaultWorkloadFor(**model, build).planned;
        if (w.imageSize > 0)
            defaults.workload.inputs.imageSize = w.imageSize;
        if (w.batch > 0)
            defaults.workload.inputs.batch = w.batch;
        build.workloads.push_back(std::move(defaults));
    }
    return build;
}

} // namespace torchrig::db
