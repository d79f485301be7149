#pragma once
// "Validate on this machine": trains the build's workload for a few steps on a device of this
// computer with torchrig-validate and shows the estimate beside what was measured (a table and a
// chart of the errors). When the workload would not fit the device, a smaller batch is run and the
// estimate is for that batch too, and the panel says so. Each run is kept in the user's database;
// a run can become its device's calibration (its rates and step-time ratio), which later runs'
// estimates on that device use until it is reset.

#include "validation/run_comparison.h"
#include "validation/validation_protocol.h"

#include <QWidget>

#include <optional>
#include <vector>

class QCheckBox;
class QComboBox;
class QCustomPlot;
class QLabel;
class QProgressBar;
class QPushButton;
class QSpinBox;
class QTableWidget;

namespace torchrig::db {
class Catalog;
}

namespace torchrig::ui {

class BuildDocument;
class ValidationRunner;
struct ValidationOutcome;

class ValidatePanel : public QWidget {
    Q_OBJECT
public:
    explicit ValidatePanel(BuildDocument& document, QWidget* parent = nullptr);
    // Where runs and calibrations are kept (the user's database); none: not kept.
    void setCatalog(db::Catalog* catalog);

    ValidationRunner* runner() const { return m_runner; }
    QPushButton* runButton() const { return m_run; }
    QPushButton* cancelButton() const { return m_cancel; }
    QLabel* statusLabel() const { return m_status; }
    QLabel* workloadLabel() const { return m_workload; }
    QProgressBar* progressBar() const { return m_progress; }
    QTableWidget* resultTable() const { return m_table; }
    QCustomPlot* errorChart() const { return m_plot; }
    QSpinBox* stepsBox() const { return m_steps; }
    QSpinBox* ranksBox() const { return m_ranks; }
    QSpinBox* timeLimitBox() const { return m_timeLimit; }
    QCheckBox* fitToMachineBox() const { return m_fitToMachine; }
    QPushButton* calibrateButton() const { return m_calibrate; }
    QPushButton* resetCalibrationButton() const { return m_resetCalibration; }
    // The last run becomes its device's calibration; the chosen device's is forgotten.
    bool calibrateWithLastRun();
    bool resetCalibration();
    void showHistory();
    const std::optional<estimate::RunComparison>& comparison() const { return m_comparison; }

    // Asks the worker for this machine's devices without waiting (once on first show; again on
    // demand); devicesFound() follows, with the list or the reason there is none shown.
    void findDevices();
    bool isFindingDevices() const { return m_probing; }
    // The request a run would send for the build's workload on the chosen device — made smaller,
    // unless the user says not to, when the estimate says it would not fit the device or would take
    // more than half the time limit (validation/run_sizing.h) — with the sizing said in `why` (""
    // when it runs as planned); none when there is no workload.
    std::optional<ValidationRequest> plannedRequest(QString* why = nullptr) const;
    void run();

Q_SIGNALS:
    void devicesFound();
    void runFinished();
    void calibrationChanged(); // stored or reset: estimates on that device change

protected:
    void showEvent(QShowEvent* event) override;

private:
    void showDevices(const Result<std::vector<ValidationDevice>>& devices);
    std::optional<estimate::Calibration> storedCalibration(const ValidationDevice& device) const;
    void showOutcome(const ValidationOutcome& outcome);
    void showProgress(const QString& phase, int step, double elapsed);
    void showFigures();
    // A data-parallel run's ranks under the figures: each rank's peak against the per-GPU estimate,
    // what was all-reduced and how long, and the all-reduce probe's bus bandwidth.
    void showRanks(const ValidationResult& result);
    void layOut();
    void updateWorkloadText();
    void updateCalibrationButtons();
    QString chosenDeviceName() const;

    BuildDocument& m_document;
    ValidationRunner* m_runner = nullptr;
    std::vector<ValidationDevice> m_devices;
    bool m_probed = false;
    bool m_probing = false;
    QComboBox* m_device = nullptr;
    QSpinBox* m_steps = nullptr;
    QSpinBox* m_timeLimit = nullptr;
    QCheckBox* m_fitToMachine = nullptr; // size the run to the device's memory and the time limit
    QSpinBox* m_ranks = nullptr;         // data parallel over this many processes (1: none)
    int m_buildGpus = 0;                 // the build's GPUs when m_ranks last followed them
    QPushButton* m_run = nullptr;
    QPushButton* m_cancel = nullptr;
    QPushButton* m_calibrate = nullptr;
    QPushButton* m_resetCalibration = nullptr;
    QPushButton* m_history = nullptr;
    db::Catalog* m_catalog = nullptr;
    std::string m_lastRunJson; // the last measured run with its comparison, as the database keeps it
    std::string m_lastRunDevice;
    std::optional<std::int64_t> m_lastRunId;
    QLabel* m_workload = nullptr;
    QProgressBar* m_progress = nullptr;
    QString m_phase; // the worker's last phase, as shown
    QLabel* m_status = nullptr;
    QTableWidget* m_table = nullptr;
    QCustomPlot* m_plot = nullptr;
    std::optional<ValidationRequest> m_running;
    std::optional<estimate::RunComparison> m_comparison;
};

} // namespace torchrig::ui
