#pragma once
// Model graphs as JSON files, so users can add their own models: see resources/models/README.md.

#include "util/result.h"
#include "workload/model_graph.h"

#include <string>
#include <string_view>

namespace torchrig {

inline constexpr int kModelJsonFormatVersion = 1;

std::string writeModelGraphJson(const ModelGraph& graph);
// Every problem is reported with its place ("ops[12]") and, for shapes, the op and both shapes.
Result<ModelGraph> readModelGraphJson(std::string_view text, std::string_view fileLabel);

} // namespace torchrig
