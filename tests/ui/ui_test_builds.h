#pragma once
// Builds and workloads the UI tests share: catalog parts as a build keeps them, and BERT-base.

#include "catalog.h"
#include "part_snapshot.h"
#include "plan/build.h"

#include <catch2/catch.hpp>

namespace torchrig::test {

inline plan::BuildPart catalogPart(db::Catalog& catalog, const std::string& id, int quantity = 1) {
    auto part = catalog.find(id);
    REQUIRE(part);
    return {part->id, quantity, {}, db::partSnapshot(*part)};
}

inline ValidationRequest bert(std::int64_t batch) {
    ValidationRequest r;
    r.model = "bert-base-uncased";
    r.inputs.batch = batch;
    r.inputs.seqLen = 128;
    r.precision = Precision::AmpBf16;
    return r;
}

inline plan::BuildWorkload planned(ValidationRequest request,
                                   estimate::ParallelStrategy strategy = estimate::ParallelStrategy::Ddp) {
    return {std::move(request), strategy, {}};
}

} // namespace torchrig::test
