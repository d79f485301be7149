#pragma once
// The analysis of the open build's workload on its GPUs: the fit and the step time in words, and
// the charts. The cheap ones (one estimate) redraw on every edit; the ones that take tens of
// estimates (against batch, buy or rent, the whole catalog) only while their tab shows.

#include "estimate/estimate.h"
#include "part_snapshot.h"
#include "settings/planning_settings.h"

#include <QWidget>

#include <optional>
#include <string>
#include <vector>

class QLabel;
class QTabWidget;

namespace torchrig::ui {

class AdvicePanel;
class ValidatePanel;
class BatchChart;
class BuildDocument;
class CatalogChart;
class MemoryChart;
class RentChart;
class StepTimeChart;
class TimelineChart;

class AnalysisPanel : public QWidget {
    Q_OBJECT
public:
    explicit AnalysisPanel(BuildDocument& document, QWidget* parent = nullptr);

    // Currency, energy price, hours and lifetime for the buy-or-rent chart.
    void setPlanningSettings(const PlanningSettings& settings);
    QTabWidget* tabs() const { return m_tabs; }
    // The catalog's GPUs and cloud instances, for the catalog and buy-or-rent charts.
    void setCatalog(std::vector<db::CatalogGpu> gpus, std::vector<plan::CloudOffer> offers);
    // Where the Validate tab keeps its runs and calibrations (the user's database).
    void setValidationStore(db::Catalog* catalog);
    // The calibration the user stored for a GPU like the build's (Validate tab), if any.
    std::optional<estimate::Calibration> calibrationFor(const std::string& gpuName) const;

    QLabel* summary() const { return m_summary; }
    MemoryChart* memoryChart() const { return m_memory; }
    TimelineChart* timelineChart() const { return m_timeline; }
    BatchChart* batchChart() const { return m_batch; }
    StepTimeChart* stepTimeChart() const { return m_stepTime; }
    RentChart* rentChart() const { return m_rent; }
    CatalogChart* catalogChart() const { return m_catalog; }
    AdvicePanel* advice() const { return m_advice; }
    ValidatePanel* validate() const { return m_validate; }
    // The costly charts, for the document as it is now (the panel calls these while they show).
    void refreshBatchChart();
    void refreshRentChart();
    void refreshCatalogChart();

private:
    void refresh();
    void reloadCalibrations();
    void refreshShownCostlyChart();

    BuildDocument& m_document;
    std::vector<plan::CloudOffer> m_offers;
    PlanningSettings m_settings;
    QLabel* m_summary = nullptr;
    QTabWidget* m_tabs = nullptr;
    MemoryChart* m_memory = nullptr;
    TimelineChart* m_timeline = nullptr;
    BatchChart* m_batch = nullptr;
    StepTimeChart* m_stepTime = nullptr;
    RentChart* m_rent = nullptr;
    CatalogChart* m_catalog = nullptr;
    AdvicePanel* m_advice = nullptr;
    ValidatePanel* m_validate = nullptr;
    db::Catalog* m_store = nullptr;
    std::vector<estimate::Calibration> m_calibrations; // the store's, read when they change
};

} // namespace torchrig::ui
