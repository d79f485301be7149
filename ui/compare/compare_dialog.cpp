#include "compare_dialog.h"

#include "analysis/chart_export.h"
#include "analysis/chart_style.h"
#include "analysis/qcustomplot_include.h"
#include "settings/memory_unit.h"

#include <QDialogButtonBox>
#include <QHeaderView>
#include <QTableWidget>
#include <QVBoxLayout>

namespace torchrig::ui {

CompareDialog::CompareDialog(const std::vector<plan::Build>& builds, const QStringList& names,
                             QWidget* parent)
    : QDialog(parent)
    , m_table(new QTableWidget(this))
    , m_plot(new QCustomPlot(this)) {
    setWindowTitle(tr("Compare builds"));
    for (const auto& build : builds)
        m_summaries.push_back(plan::summarizeBuild(build));
    const QStringList rows = {tr("Title"),
                              tr("Nodes"),
                              tr("GPUs"),
                              tr("Priced parts"),
                              tr("Unpriced parts"),
                              tr("Power at load"),
                              tr("Problems / warnings"),
                              tr("Workload"),
                              tr("Fits"),
                              tr("Device peak per GPU"),
                              tr("Step time"),
                              tr("Samples/s")};
    m_table->setRowCount(static_cast<int>(rows.size()));
    m_table->setColumnCount(static_cast<int>(m_summaries.size()));
    m_table->setVerticalHeaderLabels(rows);
    m_table->setHorizontalHeaderLabels(names);
    m_table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_table->setAccessibleName(tr("Builds compared"));
    const auto unit = memoryScale();
    for (int c = 0; c < static_cast<int>(m_summaries.size()); ++c) {
        const auto& s = m_summaries[static_cast<std::size_t>(c)];
        QStringList priced;
        for (const auto& [currency, amount] : s.partsByCurrency)
            priced << tr("%1 %2").arg(amount, 0, 'f', 0).arg(QString::fromStdString(currency));
        const QStringList cells = {
            QString::fromStdString(s.title),
            QString::number(s.nodes),
            s.gpus.empty() ? tr("none") : QString::fromStdString(s.gpus),
            priced.isEmpty() ? tr("no prices") : priced.join(tr(" + ")),
            QString::number(s.unpricedParts),
            tr("%1 W").arg(s.loadWatts, 0, 'f', 0),
            tr("%1 / %2").arg(s.problems).arg(s.warnings),
            s.workload.empty() ? tr("none") : QString::fromStdString(s.workload),
            !s.fits   ? tr("—")
            : *s.fits ? tr("yes")
                      : tr("no"),
            s.devicePeakBytes > 0 ? tr("%1 of %2 %3")
                                        .arg(unit.of(double(s.devicePeakBytes)), 0, 'f', 2)
                                        .arg(unit.of(double(s.usableBytes)), 0, 'f', 1)
                                        .arg(unit.name)
                                  : tr("—"),
            s.stepSeconds > 0 ? tr("%1 ms").arg(s.stepSeconds * 1e3, 0, 'f', 1) : tr("—"),
            s.samplesPerSecond > 0 ? QString::number(s.samplesPerSecond, 'f', 0) : tr("—")};
        for (int r = 0; r < cells.size(); ++r)
            m_table->setItem(r, c, new QTableWidgetItem(cells.at(r)));
    }
    m_table->horizontalHeader()->setSectionResizeMode(QHeaderView::Stretch);

    applyChartStyle(*m_plot, palette());
    m_plot->setMinimumHeight(200);
    m_plot->setAccessibleName(tr("Throughput of the builds compared"));
    auto* bars = new QCPBars(m_plot->xAxis, m_plot->yAxis);
    bars->setBrush(seriesColor(0));
    QSharedPointer<QCPAxisTickerText> ticker(new QCPAxisTickerText);
    double top = 1;
    for (int c = 0; c < static_cast<int>(m_summaries.size()); ++c) {
        bars->addData(c + 1, m_summaries[static_cast<std::size_t>(c)].samplesPerSecond);
        ticker->addTick(c + 1, names.value(c));
        top = std::max(top, m_summaries[static_cast<std::size_t>(c)].samplesPerSecond);
    }
    m_plot->xAxis->setTicker(ticker);
    m_plot->xAxis->setRange(0.4, static_cast<double>(m_summaries.size()) + 0.6);
    m_plot->yAxis->setRange(0, top * 1.1);
    m_plot->yAxis->setLabel(tr("samples/s"));
    m_plot->xAxis->setLabel(tr("each build on its own workload"));
    enableExportMenu(*m_plot, QStringLiteral("compare.png"));

    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    auto* layout = new QVBoxLayout(this);
    layout->addWidget(m_table, 3);
    layout->addWidget(m_plot, 1);
    layout->addWidget(buttons);
    resize(900, 720);
}

} // namespace torchrig::ui
