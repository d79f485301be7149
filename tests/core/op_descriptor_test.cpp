// Every op kind is described whole by its descriptor (workload/ops/op_descriptor.h), and what reads
// a kind finds every piece: the model file's name and attributes, the shape rule, the cost, the
// memory rule and a model that uses the op, which shape inference, the memory simulation, the time
// model and the model file all take. A kind added to OpKind without one fails here by its number.

#include "estimate/estimate.h"
#include "test_support.h"
#include "workload/model_graph_json.h"
#include "workload/ops/op_descriptor.h"

#include <catch2/catch.hpp>

#include <algorithm>
#include <set>
#include <sstream>

using namespace torchrig;

namespace {

std::string kindLabel(std::size_t index) {
    std::ostringstream out;
    out << "OpKind value " << index;
    if (index > 0)
        if (const auto* before = ops::findOpDescriptor(static_cast<OpKind>(index - 1)))
            out << " (the one after '" << before->id << "' in core/workload/op_kind.h)";
    return out.str();
}

// The row of resources/models/README.md's op table that names the op, or "".
std::string documentedRow(const std::string& readme, std::string_view id) {
    std::istringstream lines(readme);
    const auto name = "`" + std::string(id) + "`";
    for (std::string line; std::getline(lines, line);) {
        const auto cells = line.find(" | ");
        if (line.rfind("| ", 0) == 0 && cells != std::string::npos &&
            line.substr(0, cells).find(name) != std::string::npos)
            return line;
    }
    return {};
}

} // namespace

TEST_CASE("Every op kind has a complete descriptor", "[core][ops]") {
    std::set<std::string_view> ids;
    for (std::size_t index = 0; index < kOpKindCount; ++index) {
        const auto kind = static_cast<OpKind>(index);
        const auto* d = ops::findOpDescriptor(kind);
        if (d == nullptr)
            FAIL(kindLabel(index) + " has no descriptor: define one in its family's file under "
                                    "core/workload/ops/ and list it in op_registry.cpp");
        INFO(kindLabel(index) << ", descriptor '" << d->id << "'");
        CHECK(d->kind == kind);
        CHECK_FALSE(d->id.empty());
        CHECK(ids.insert(d->id).second); // no two kinds share a name
        CHECK(opKindFromString(d->id) == kind);
        CHECK(opKindId(kind) == d->id);
        CHECK_FALSE(d->call.empty());
        CHECK(d->shape != nullptr);
        CHECK(d->cost != nullptr);
        CHECK(d->forwardMemory != nullptr);
        CHECK(d->example != nullptr);
        if (d->matrix())
            CHECK(d->inputGradientProducts > 0);
        else
            CHECK(d->inputGradientProducts + d->parameterGradientProducts == 0);
    }
}

TEST_CASE("Each op kind's example trains in the estimator and survives its model file", "[core][ops]") {
    const auto gpu = test::madeUpGpu();
    for (std::size_t index = 0; index < kOpKindCount; ++index) {
        const auto* d = ops::findOpDescriptor(static_cast<OpKind>(index));
        if (d == nullptr || d->example == nullptr)
            continue; // the test above names the kind

        INFO("op '" << d->id << "'");
        const auto graph = d->example();
        const auto op = std::find_if(graph.ops().begin(), graph.ops().end(),
                                     [&](const Op& o) { return o.kind == d->kind; });
        REQUIRE(op != graph.ops().end());
        REQUIRE(graph.loss() >= 0);

        // Its cost is what its kernel class says.
        const auto cost = d->cost(graph, *op, 4);
        if (d->kernel == ops::KernelClass::View) {
            CHECK(cost.flops == 0);
            CHECK(cost.bytes == 0);
        } else {
            CHECK(cost.bytes > 0);
            CHECK((cost.flops > 0) == d->matrix());
        }

        // The memory simulation and the time model run it on the CPU and on a GPU, in full and in
        // mixed precision, training and forward only.
        for (bool cuda : {false, true})
            for (auto precision : {Precision::Fp32, Precision::AmpBf16})
                for (bool inference : {false, true}) {
                    estimate::TrainingSetup setup;
                    setup.cuda = cuda;
                    setup.precision = precision;
                    setup.inference = inference;
                    INFO((cuda ? "cuda " : "cpu ")
                         << precisionId(precision) << (inference ? " inference" : ""));
                    const auto memory = estimate::estimateMemory(graph, setup);
                    CHECK(memory.allocatedPeakBytes > 0);
                    CHECK(memory.allocatedPeakBytes >= memory.parameterBytes);
                    if (cuda) {
                        const auto e = estimate::estimateTraining(graph, setup, gpu, nullptr);
                        REQUIRE(e.time);
                        CHECK(e.time->forwardSeconds > 0);
                        CHECK(e.time->stepSeconds >= e.time->forwardSeconds);
                    }
                }

        // A model file names the op and its attributes, and reads back as the same graph.
        const auto json = writeModelGraphJson(graph);
        const auto read = readModelGraphJson(json, std::string(d->id) + ".json");
        REQUIRE(read.ok());
        REQUIRE(read->ops().size() == graph.ops().size());
        for (std::size_t i = 0; i < graph.ops().size(); ++i) {
            CHECK(read->ops()[i].kind == graph.ops()[i].kind);
            CHECK(read->tensor(read->ops()[i].outputs[0]).shape ==
                  graph.tensor(graph.ops()[i].outputs[0]).shape);
        }
    }
}

TEST_CASE("The model file documentation lists every op kind with the attributes it reads", "[core][ops]") {
    const auto readme =
        test::readFile(std::filesystem::path(TORCHRIG_TEST_RESOURCES) / "models" / "README.md");
    for (std::size_t index = 0; index < kOpKindCount; ++index) {
        const auto* d = ops::findOpDescriptor(static_cast<OpKind>(index));
        if (d == nullptr)
            continue; // the first test names the kind
        INFO("op '" << d->id << "'");
        const auto row = documentedRow(readme, d->id);
        REQUIRE_FALSE(row.empty());
        const auto attributes = row.substr(row.rfind(" | ", row.size() - 3));
        for (std::size_t a = 0; a < ops::kOpAttributeCount; ++a) {
            const auto attribute = static_cast<ops::OpAttribute>(a);
            if (d->attributes.contains(attribute))
                CHECK(attributes.find(std::string(ops::opAttributeKey(attribute))) != std::string::npos);
        }
    }
}
