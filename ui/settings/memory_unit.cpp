#include "memory_unit.h"

namespace torchrig::ui {

namespace {
MemoryUnit g_unit = MemoryUnit::GiB;
}

MemoryUnit displayMemoryUnit() {
    return g_unit;
}

void setDisplayMemoryUnit(MemoryUnit unit) {
    g_unit = unit;
}

MemoryScale memoryScale() {
    if (g_unit == MemoryUnit::GB)
        return {1e9, QStringLiteral("GB")};
    return {};
}

QString memoryUnitId(MemoryUnit unit) {
    return unit == MemoryUnit::GB ? QStringLiteral("GB") : QStringLiteral("GiB");
}

MemoryUnit memoryUnitFromId(const QString& id) {
    return id == QStringLiteral("GB") ? MemoryUnit::GB : MemoryUnit::GiB;
}

} // namespace torchrig::ui
