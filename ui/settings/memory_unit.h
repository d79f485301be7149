#pragma once
// The unit memory is shown in, everywhere in the window: GiB (2^30 bytes: what PyTorch and
// nvidia-smi report, the default) or GB (10^9 bytes: what vendors' spec sheets print). Like
// QLocale's default, one setting for the whole application (Edit ▸ Preferences).

#include <QString>

namespace torchrig::ui {

enum class MemoryUnit { GiB, GB };

struct MemoryScale {
    double bytesPerUnit = double(1LL << 30);
    QString name = QStringLiteral("GiB");

    double of(double bytes) const { return bytes / bytesPerUnit; }
};

MemoryUnit displayMemoryUnit();
void setDisplayMemoryUnit(MemoryUnit unit);
MemoryScale memoryScale(); // of the display unit

QString memoryUnitId(MemoryUnit unit);          // "GiB", "GB"
MemoryUnit memoryUnitFromId(const QString& id); // anything else: GiB

} // namespace torchrig::ui
