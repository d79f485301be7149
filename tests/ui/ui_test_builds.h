#pragma once
// Builds and workloads the UI tests share: catalog parts as a build keeps them, BERT-base, and a
// main window showing a seed article's preset.

#include "catalog.h"
#include "document/build_document.h"
#include "main_window.h"
#include "part_snapshot.h"
#include "plan/build.h"
#include "plan/build_presets.h"
#include "test_support.h"

#include <catch2/catch.hpp>

#include <functional>
#include <memory>

namespace torchrig::test {

inline plan::BuildPart catalogPart(db::Catalog& catalog, const std::string& id, int quantity = 1) {
    auto part = catalog.find(id);
    REQUIRE(part);
    return {part->id, quantity, {}, db::partSnapshot(*part)};
}

inline Workload bert(std::int64_t batch) {
    Workload r;
    r.model = "bert-base-uncased";
    r.inputs.batch = batch;
    r.inputs.seqLen = 128;
    r.precision = Precision::AmpBf16;
    return r;
}

inline plan::BuildWorkload planned(Workload request,
                                   estimate::ParallelStrategy strategy = estimate::ParallelStrategy::Ddp) {
    return {std::move(request), strategy, {}};
}

// A main window over a fresh catalog in `folder`, showing a preset's build (changed by `change`
// first, when given: a workload added, say), its title and notes said through `translate` as the app
// says them when it starts from the preset.
inline std::unique_ptr<ui::MainWindow> presetWindow(TemporaryFolder& folder, const std::string& presetId,
                                                    const std::function<void(plan::Build&)>& change = {},
                                                    const Message::Translate& translate = {}) {
    auto catalog = openCatalog(folder.file("user.sqlite"));
    const auto* preset = plan::findBuildPreset(presetId);
    REQUIRE(preset);
    auto build = db::presetBuild(*preset, *catalog, translate);
    REQUIRE(build.ok());
    if (change)
        change(*build);
    auto window = std::make_unique<ui::MainWindow>(std::move(catalog));
    window->document()->reset(*build);
    return window;
}

} // namespace torchrig::test
