#pragma once
// What the Validate tab's tests share: a zoo workload as a build keeps it, and the device probe
// waited for.

#include "document/build_document.h"
#include "ui_test_builds.h"
#include "validate/validate_panel.h"

#include <QSignalSpy>
#include <catch2/catch.hpp>

namespace torchrig::test {

inline plan::BuildWorkload zooWorkload(const char* model, std::int64_t batch, std::int64_t imageSize = 0) {
    ValidationRequest r;
    r.model = model;
    r.inputs.batch = batch;
    if (imageSize > 0)
        r.inputs.imageSize = imageSize;
    r.optimizer = OptimizerKind::Sgd;
    return planned(r);
}

// Asks for the devices and waits for the answer, as the panel's first show does without waiting.
inline void findDevicesNow(ui::ValidatePanel& panel) {
    QSignalSpy found(&panel, &ui::ValidatePanel::devicesFound);
    panel.findDevices();
    CHECK(panel.isFindingDevices());
    REQUIRE(found.wait(20000));
    CHECK_FALSE(panel.isFindingDevices());
}

} // namespace torchrig::test
