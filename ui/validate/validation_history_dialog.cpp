#include "validation_history_dialog.h"

#include <QDialogButtonBox>
#include <QFileDialog>
#include <QHeaderView>
#include <QMessageBox>
#include <QPushButton>
#include <QSaveFile>
#include <QTableWidget>
#include <QVBoxLayout>

#include <nlohmann/json.hpp>

namespace torchrig::ui {

namespace {

QString percent(const nlohmann::json& result, const char* key) {
    const auto errors = result.value("relative_error", nlohmann::json::object());
    if (!errors.is_object() || !errors.contains(key) || !errors[key].is_number())
        return QStringLiteral("—");
    return QStringLiteral("%1 %").arg(errors[key].get<double>() * 100, 0, 'f', 1);
}

} // namespace

ValidationHistoryDialog::ValidationHistoryDialog(std::vector<db::ValidationRunRecord> runs, QWidget* parent)
    : QDialog(parent)
    , m_runs(std::move(runs))
    , m_table(new QTableWidget(static_cast<int>(m_runs.size()), 9, this)) {
    setWindowTitle(tr("Validation history"));
    m_table->setHorizontalHeaderLabels({tr("Measured (UTC)"), tr("Recorded by"), tr("Machine"), tr("Device"),
                                        tr("LibTorch"), tr("Model"), tr("Batch"), tr("Allocated error"),
                                        tr("Step time error")});
    m_table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_table->verticalHeader()->hide();
    m_table->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_table->setAccessibleName(tr("Validation runs"));
    for (int row = 0; row < static_cast<int>(m_runs.size()); ++row) {
        const auto& run = m_runs[static_cast<std::size_t>(row)];
        const auto result = nlohmann::json::parse(run.resultJson, nullptr, false);
        const auto batch = result.is_object() && result.contains("inputs") && result["inputs"].is_object()
                               ? QString::number(result["inputs"].value("batch", 0))
                               : QStringLiteral("—");
        // A run from before who and where were kept says so rather than nothing.
        auto orUnknown = [](const std::string& text) {
            return text.empty() ? QStringLiteral("—") : QString::fromStdString(text);
        };
        const QStringList cells = {QString::fromStdString(run.measuredAt),
                                   orUnknown(run.recordedBy),
                                   orUnknown(run.machine),
                                   QString::fromStdString(run.deviceName + " (" + run.deviceKind + ")"),
                                   QString::fromStdString(run.libtorchVersion),
                                   QString::fromStdString(run.model),
                                   batch,
                                   percent(result, "allocated_peak_bytes"),
                                   percent(result, "step_seconds")};
        for (int c = 0; c < cells.size(); ++c)
            m_table->setItem(row, c, new QTableWidgetItem(cells[c]));
    }
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
    auto* exportButton = buttons->addButton(tr("&Export…"), QDialogButtonBox::ActionRole);
    exportButton->setEnabled(!m_runs.empty());
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    connect(exportButton, &QPushButton::clicked, this, [this] {
        const auto path =
            QFileDialog::getSaveFileName(this, tr("Export the validation history"),
                                         QStringLiteral("validation-history.json"), tr("JSON (*.json)"));
        if (!path.isEmpty() && !exportTo(path))
            QMessageBox::warning(this, tr("Export"), tr("%1 could not be written.").arg(path));
    });
    auto* layout = new QVBoxLayout(this);
    if (m_runs.empty())
        m_table->setToolTip(tr("No runs yet: Validate ▸ Run on this machine"));
    layout->addWidget(m_table);
    layout->addWidget(buttons);
    resize(1040, 420);
}

bool ValidationHistoryDialog::exportTo(const QString& path) const {
    auto list = nlohmann::json::array();
    for (const auto& run : m_runs)
        list.push_back({{"measured_at", run.measuredAt},
                        {"recorded_by", run.recordedBy},
                        {"machine", run.machine},
                        {"device", run.deviceName},
                        {"device_kind", run.deviceKind},
                        {"libtorch_version", run.libtorchVersion},
                        {"model", run.model},
                        {"request", nlohmann::json::parse(run.requestJson, nullptr, false)},
                        {"result", nlohmann::json::parse(run.resultJson, nullptr, false)}});
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly))
        return false;
    file.write(QByteArray::fromStdString(list.dump(2) + "\n"));
    return file.commit();
}

} // namespace torchrig::ui
