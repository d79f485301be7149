#include "run_sizing_text.h"

#include "document/message_translation.h"
#include "settings/memory_unit.h"
#include "validate_panel.h"
#include "workload/model_zoo.h"

namespace torchrig::ui {

namespace {

// "45 s", "12 min", "3.5 h".
QString runDurationText(double seconds) {
    if (seconds < 90)
        return ValidatePanel::tr("%1 s").arg(seconds, 0, 'f', 0);
    if (seconds < 90 * 60)
        return ValidatePanel::tr("%1 min").arg(seconds / 60, 0, 'f', 0);
    return ValidatePanel::tr("%1 h").arg(seconds / 3600, 0, 'f', 1);
}

QString memorySizingText(const estimate::RunSizing& sized, const ValidationRequest& asked,
                         const ValidationDevice& device, std::int64_t ownLayers) {
    if (!sized.batchForMemory && !sized.layersForMemory)
        return {};
    const auto unit = memoryScale();
    const auto room = ValidatePanel::tr("%1 (about %2 %3 to use here)")
                          .arg(QString::fromStdString(device.name))
                          .arg(unit.of(double(sized.budgetBytes)), 0, 'f', 1)
                          .arg(unit.name);
    if (!sized.layersForMemory)
        return ValidatePanel::tr(
                   "Batch %1 would not fit %2, so batch %3 runs, and the estimate beside it is for "
                   "batch %3 too.")
            .arg(asked.inputs.batch)
            .arg(room)
            .arg(sized.memoryBatch);
    return ValidatePanel::tr(
               "Not even batch 1 of all %1 layers would fit %2, so %3 of its %1 layers run at "
               "batch %4 (the same embeddings and head), and the estimate beside it is for that "
               "smaller model too.%5")
        .arg(ownLayers)
        .arg(room)
        .arg(sized.memoryLayers)
        .arg(sized.memoryBatch)
        .arg(sized.stillTooLarge ? ValidatePanel::tr(" Even that may not fit.") : QString());
}

QString timeSizingText(const estimate::RunSizing& sized, const ValidationRequest& asked,
                       std::int64_t ownLayers) {
    if (!sized.forTime || !sized.plannedDuration || !sized.duration)
        return {};
    const auto& planned = *sized.plannedDuration;
    const auto& r = sized.request;
    const auto what = r.inputs.layers > 0 && ownLayers > 0
                          ? ValidatePanel::tr("%1 of its %2 layers").arg(r.inputs.layers).arg(ownLayers)
                          : ValidatePanel::tr("the whole model");
    auto text =
        ValidatePanel::tr("As it stands the run would take about %1 here (%2 to create the model, then %3 "
                          "a step for %4 steps), more than half the time limit of %5; so %6 run at "
                          "batch %7, in about %8, and the estimate beside it is for that run too.")
            .arg(runDurationText(planned.totalSeconds), runDurationText(planned.setupSeconds),
                 runDurationText(planned.stepSeconds))
            .arg(asked.warmupSteps + asked.steps)
            .arg(runDurationText(asked.timeLimitSeconds), what)
            .arg(r.inputs.batch)
            .arg(runDurationText(sized.duration->totalSeconds));
    if (sized.stillTooLong)
        text += ValidatePanel::tr(" Even that may run out of time: give it a longer time limit.");
    if (sized.duration->referenceRates)
        text +=
            ValidatePanel::tr(" (The steps are timed by a reference CPU's rates until a run here calibrates "
                              "this device.)");
    return text;
}

} // namespace

QString runSizingText(const estimate::RunSizing& sized, const ValidationRequest& asked,
                      const ValidationDevice& device) {
    if (sized.cannotEstimate)
        return ValidatePanel::tr("The estimate cannot size this run down: %1")
            .arg(appText(*sized.cannotEstimate));
    const auto* zoo = findZooModel(asked.model);
    const auto ownLayers = zoo ? zoo->layers : 0;
    QStringList said;
    for (auto text :
         {memorySizingText(sized, asked, device, ownLayers), timeSizingText(sized, asked, ownLayers)})
        if (!text.isEmpty())
            said << text;
    return said.join(QLatin1Char(' '));
}

} // namespace torchrig::ui
