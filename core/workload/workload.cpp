#include "workload/workload.h"

namespace torchrig {

std::string_view precisionId(Precision p) {
    return enumName(kPrecisionNames, p);
}
std::string_view optimizerId(OptimizerKind o) {
    return enumName(kOptimizerNames, o);
}
std::string_view optimizerImplId(OptimizerImpl i) {
    return enumName(kOptimizerImplNames, i);
}
std::string_view checkpointingId(Checkpointing c) {
    return enumName(kCheckpointingNames, c);
}
std::optional<Precision> precisionFromString(std::string_view t) {
    return enumFromName(kPrecisionNames, t);
}
std::optional<OptimizerKind> optimizerFromString(std::string_view t) {
    return enumFromName(kOptimizerNames, t);
}
std::optional<OptimizerImpl> optimizerImplFromString(std::string_view t) {
    return enumFromName(kOptimizerImplNames, t);
}
std::optional<Checkpointing> checkpointingFromString(std::string_view t) {
    return enumFromName(kCheckpointingNames, t);
}
} // namespace torchrig
