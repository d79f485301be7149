// The plan dialog's answer: the proposals' table, the selected one's details, and what would
// change the answer; opening and comparing what is shown.
#include "compare/compare_dialog.h"
#include "document/message_translation.h"
#include "plan_dialog.h"
#include "plan_table_cells.h"

#include <QHeaderView>
#include <QLabel>
#include <QLocale>
#include <QPushButton>
#include <QSplitter>
#include <QTableWidget>

#include <algorithm>

namespace torchrig::ui {

QString PlanDialog::durationText(double seconds) {
    if (seconds < 2 * 3600)
        return tr("%1 min").arg(seconds / 60, 0, 'f', 0);
    if (seconds < 3 * 86400)
        return tr("%1 h").arg(seconds / 3600, 0, 'f', 1);
    return tr("%1 days").arg(seconds / 86400, 0, 'f', 1);
}

QString PlanDialog::moneyText(const std::optional<double>& amount, int decimals) const {
    if (!amount)
        return QStringLiteral("–");
    return QStringLiteral("%1 %2").arg(QLocale().toString(*amount, 'f', decimals), m_settings.currency);
}

std::vector<PlanDialog::ShownProposal> PlanDialog::shownProposals() const {
    std::vector<ShownProposal> shown;
    if (!m_result)
        return shown;
    for (const auto& p : m_result->proposals)
        shown.push_back({&p, {}});
    for (const auto& p : m_result->rentals)
        shown.push_back({&p, {}});
    if (m_result->largerBudget)
        shown.push_back({&*m_result->largerBudget, tr("10 % more budget")});
    if (m_result->cheapestFaster)
        shown.push_back({&*m_result->cheapestFaster, tr("Faster, for more")});
    if (m_result->fastestSingleGpu)
        shown.push_back({&*m_result->fastestSingleGpu, tr("One GPU")});
    if (m_result->cheapestOverBudget)
        shown.push_back({&*m_result->cheapestOverBudget, tr("Cheapest, over budget")});
    return shown;
}

// A proposal, a rental or an alternative as a row of the proposals' table.
void PlanDialog::appendProposalRow(const ShownProposal& shown) {
    const auto* p = shown.proposal;
    const auto& label = shown.label;
    const int row = m_proposalTable->rowCount();
    m_proposalTable->insertRow(row);
    // The row names what is bought (or rented); the details beside say the rest.
    const auto& first = p->build.parts.front();
    auto what =
        QStringLiteral("%1 × %2").arg(first.quantity).arg(QString::fromStdString(first.snapshot.name));
    if (p->build.nodes > 1)
        what = tr("%1 nodes of %2").arg(p->build.nodes).arg(what);
    if (p->rented)
        what = tr("Rent: %1").arg(QString::fromStdString(first.snapshot.name));
    if (!label.isEmpty())
        what = QStringLiteral("%1: %2").arg(label, what);
    auto* titleItem = planTableCell(what);
    titleItem->setToolTip(QString::fromStdString(p->build.title));
    if (!label.isEmpty()) { // not an answer: what would change it
        auto font = titleItem->font();
        font.setItalic(true);
        titleItem->setFont(font);
    }
    m_proposalTable->setItem(row, 0, titleItem);
    QString total = moneyText(p->purchase);
    if (p->rented)
        total = tr("%1 rent").arg(total);
    // Old or missing prices: marked here, said in the details.
    if (p->cost.toBeQuotedLines > 0 || (p->cost.staleShare && *p->cost.staleShare > 0))
        total += QStringLiteral(" †");
    m_proposalTable->setItem(row, 1, planTableCell(total, kPlanTableNumber));
    m_proposalTable->setItem(row, 2,
                             planTableCell(durationText(p->rankSeconds) +
                                               (p->rankAssumesSamples ? QStringLiteral("*") : QString()),
                                           kPlanTableNumber));
    QStringList samples;
    for (const auto& w : p->workloads)
        samples << QLocale().toString(w.samplesPerSecond, 'f', w.samplesPerSecond < 10 ? 1 : 0);
    m_proposalTable->setItem(row, 3, planTableCell(samples.join(QStringLiteral(" + ")), kPlanTableNumber));
    m_proposalTable->setItem(
        row, 4,
        planTableCell(p->rented ? QStringLiteral("–") : tr("%1 W").arg(p->wallWatts, 0, 'f', 0),
                      kPlanTableNumber));
    // Against the cheapest cloud instance for the same work: when buying has paid for itself.
    QString against = QStringLiteral("–");
    if (!p->rented && p->cloud) {
        const auto cloud = QString::fromStdString(p->cloud->name);
        against =
            (p->cloud->breakEvenMonths ? tr("after %1 months").arg(*p->cloud->breakEvenMonths, 0, 'f', 1)
                                       : tr("never")) +
            QStringLiteral(" · ") + cloud;
        // The instance in full in its tooltip: the column may cut it.
    }
    auto* againstItem = planTableCell(against);
    againstItem->setToolTip(against);
    m_proposalTable->setItem(row, 5, againstItem);
}

void PlanDialog::showResult(plan::PlanResult result) {
    // The first answer takes the larger share; the user's own split stays after that.
    if (!m_result) {
        const auto sizes = m_splitter->sizes();
        const int total = sizes.value(0) + sizes.value(1);
        m_splitter->setSizes({total * 2 / 5, total - total * 2 / 5});
    }
    m_result = std::move(result);
    const auto shown = shownProposals();
    m_proposalTable->setRowCount(0);
    for (const auto& proposal : shown)
        appendProposalRow(proposal);
    QStringList lines;
    const auto& r = *m_result;
    if (r.proposals.empty() && r.rentals.empty())
        lines << tr("<b>Nothing within the budget.</b>");
    if (r.largerBudget)
        lines << tr("<b>A 10 % larger budget</b> buys %1 for %2: trains in %3.")
                     .arg(QString::fromStdString(r.largerBudget->build.title).toHtmlEscaped(),
                          moneyText(r.largerBudget->purchase), durationText(r.largerBudget->rankSeconds));
    if (r.cheapestFaster && !r.proposals.empty())
        lines << tr("<b>Faster for more:</b> %1 for %2 trains in %3 (%4 % less time).")
                     .arg(QString::fromStdString(r.cheapestFaster->build.title).toHtmlEscaped(),
                          moneyText(r.cheapestFaster->purchase), durationText(r.cheapestFaster->rankSeconds))
                     .arg(100 * (1 - r.cheapestFaster->rankSeconds / r.proposals.front().rankSeconds), 0, 'f',
                          0);
    if (r.fastestSingleGpu)
        lines
            << tr("<b>With one GPU:</b> %1 for %2 trains in %3, on a time that needs no scaling across GPUs "
                  "(the multi-GPU times assume a scaling that is modelled, not measured).")
                   .arg(QString::fromStdString(r.fastestSingleGpu->build.title).toHtmlEscaped(),
                        moneyText(r.fastestSingleGpu->purchase),
                        durationText(r.fastestSingleGpu->rankSeconds));
    if (r.cheapestOverBudget)
        lines << tr("The cheapest complete build that runs the workloads: %1 for %2.")
                     .arg(QString::fromStdString(r.cheapestOverBudget->build.title).toHtmlEscaped(),
                          moneyText(r.cheapestOverBudget->purchase));
    if (std::any_of(shown.begin(), shown.end(),
                    [](const ShownProposal& s) { return s.proposal->rankAssumesSamples; }))
        lines << tr("* a workload without a dataset (samples and epochs) counts as 10^6 samples.");
    for (const auto& note : r.notes)
        lines << appText(note).toHtmlEscaped();
    const auto& s = r.statistics;
    lines << tr("Searched %1 GPU models (%2 priced, %3 hold the workloads), %4 combinations and %5 hosts in "
                "%6 s.")
                 .arg(s.gpuModels)
                 .arg(s.gpuModelsPriced)
                 .arg(s.gpuModelsFitting)
                 .arg(s.combinations)
                 .arg(s.hostSearches)
                 .arg(s.seconds, 0, 'f', 2);
    m_summary->setText(lines.join(QStringLiteral("<br>")));
    m_compareButton->setEnabled(shown.size() >= 2);
    if (!shown.empty())
        m_proposalTable->selectRow(0);
    Q_EMIT planned();
}

void PlanDialog::showDetails() {
    const auto shown = shownProposals();
    const int row = m_proposalTable->currentRow();
    if (row < 0 || row >= static_cast<int>(shown.size())) {
        m_details->clear();
        return;
    }
    const auto& p = *shown[static_cast<std::size_t>(row)].proposal;
    QStringList lines;
    lines << QStringLiteral("<b>%1</b>").arg(QString::fromStdString(p.build.title).toHtmlEscaped());
    if (p.build.nodes > 1)
        lines << tr("%n identical nodes, each with:", nullptr, p.build.nodes);
    for (const auto& part : p.build.parts)
        lines << QStringLiteral("%1 × %2")
                     .arg(part.quantity)
                     .arg(QString::fromStdString(part.snapshot.name).toHtmlEscaped());
    const double gib = double(1LL << 30);
    for (std::size_t i = 0; i < p.workloads.size(); ++i) {
        const auto& w = p.workloads[i];
        auto line =
            tr("%1: batch %2 per GPU").arg(QString::fromStdString(w.name).toHtmlEscaped()).arg(w.batchPerGpu);
        if (w.devicePeakBytes > 0)
            line += tr(", %1 of %2 GiB a GPU")
                        .arg(double(w.devicePeakBytes) / gib, 0, 'f', 1)
                        .arg(double(w.usableBytes) / gib, 0, 'f', 1);
        lines << line;
        // What the planner changed so that it fits, against the workload as the user asked it.
        if (!w.levers.empty() && i < m_workloads.size())
            lines << QStringLiteral("<i>%1</i>")
                         .arg(appText(plan::leversPulled(m_workloads[i].workload, w)).toHtmlEscaped());
    }
    if (!p.rented && p.cloud) {
        auto line =
            tr("Renting instead: %1 at %2 an hour")
                .arg(QString::fromStdString(p.cloud->name).toHtmlEscaped(), moneyText(p.cloud->hourly, 2));
        if (p.cloud->instances > 1)
            line = tr("Renting instead: %1 × %2 at %3 an hour")
                       .arg(p.cloud->instances)
                       .arg(QString::fromStdString(p.cloud->name).toHtmlEscaped(),
                            moneyText(p.cloud->hourly, 2));
        if (p.cloud->runCost)
            line += tr(", %1 for the runs").arg(moneyText(p.cloud->runCost));
        lines << line;
    }
    if (p.cost.toBeQuotedLines > 0)
        lines << tr("† %n part(s) without a price: ask a vendor for a quote (not in the total)", nullptr,
                    p.cost.toBeQuotedLines);
    if (p.cost.staleShare && *p.cost.staleShare > 0)
        lines << tr("† %1 % of the total rests on prices older than %2 months: ask for current ones")
                     .arg(*p.cost.staleShare * 100, 0, 'f', 0)
                     .arg(kStalePriceMonths);
    for (const auto& f : p.findings)
        if (f.severity != plan::Severity::Note)
            lines << tr("Slower: %1").arg(appText(f.message).toHtmlEscaped());
    if (!p.build.notes.empty())
        lines << QString::fromStdString(p.build.notes)
                     .toHtmlEscaped()
                     .replace(QLatin1Char('\n'), QStringLiteral("<br>"));
    m_details->setText(lines.join(QStringLiteral("<br>")));
}

void PlanDialog::openSelected() {
    const auto shown = shownProposals();
    const int row = m_proposalTable->currentRow();
    if (m_running || row < 0 || row >= static_cast<int>(shown.size()))
        return;
    Q_EMIT buildChosen(shown[static_cast<std::size_t>(row)].proposal->build);
}

void PlanDialog::compareShown() {
    std::vector<plan::Build> builds;
    QStringList names;
    for (const auto& [p, label] : shownProposals()) {
        if (builds.size() == 4) // the comparison's most
            break;
        builds.push_back(p->build);
        names << (label.isEmpty() ? tr("Proposal %1").arg(builds.size()) : label);
    }
    if (builds.size() < 2)
        return;
    CompareDialog dialog(builds, names, this);
    dialog.exec();
}

} // namespace torchrig::ui
