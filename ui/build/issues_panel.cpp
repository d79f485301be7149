#include "issues_panel.h"

#include "document/message_translation.h"

#include "build_checks.h"
#include "document/build_document.h"

#include <QCommandLinkButton>
#include <QLabel>
#include <QListWidget>
#include <QScrollArea>
#include <QSplitter>
#include <QStyle>
#include <QVBoxLayout>

#include <algorithm>
#include <numeric>

namespace torchrig::ui {

namespace {
constexpr int kFindingRole = Qt::UserRole + 1; // the finding's index in BuildChecks::findings()

QString severityLabel(plan::Severity severity) {
    switch (severity) {
    case plan::Severity::Problem: return IssuesPanel::tr("Problem");
    case plan::Severity::Warning: return IssuesPanel::tr("Warning");
    case plan::Severity::Note: return IssuesPanel::tr("Note");
    }
    return {};
}
} // namespace

IssuesPanel::IssuesPanel(BuildDocument& document, const BuildChecks& checks,
                         std::vector<plan::CatalogChoice> catalog, QWidget* parent)
    : QWidget(parent)
    , m_document(document)
    , m_checks(checks)
    , m_catalog(std::move(catalog))
    , m_list(new QListWidget(this))
    , m_details(new QLabel(this))
    , m_fixBox(new QWidget(this)) {
    m_list->setAccessibleName(tr("Compatibility findings"));
    m_list->setWordWrap(true);
    m_details->setWordWrap(true);
    m_details->setTextFormat(Qt::RichText);
    m_details->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_details->setAlignment(Qt::AlignTop | Qt::AlignLeft);
    m_fixButtons = new QVBoxLayout(m_fixBox);
    m_fixButtons->setContentsMargins(0, 0, 0, 0);
    // The list above, the chosen finding's details and fixes below, the split the user's to move.
    auto* detailsPane = new QWidget(this);
    auto* detailsLayout = new QVBoxLayout(detailsPane);
    detailsLayout->setContentsMargins(0, 0, 0, 0);
    detailsLayout->addWidget(m_details);
    detailsLayout->addWidget(m_fixBox);
    detailsLayout->addStretch(1);
    auto* detailsScroll = new QScrollArea(this);
    detailsScroll->setWidgetResizable(true);
    detailsScroll->setFrameShape(QFrame::NoFrame);
    detailsScroll->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    detailsScroll->setWidget(detailsPane);
    m_details->setParent(detailsPane);
    m_fixBox->setParent(detailsPane);
    auto* splitter = new QSplitter(Qt::Vertical, this);
    splitter->addWidget(m_list);
    splitter->addWidget(detailsScroll);
    splitter->setSizes({1, 1}); // half each, whatever the list's length
    splitter->setChildrenCollapsible(false);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(splitter);
    connect(m_list, &QListWidget::currentRowChanged, this, [this](int row) { showFinding(row, true); });
    connect(&m_checks, &BuildChecks::findingsChanged, this, &IssuesPanel::refresh);
    refresh();
}

void IssuesPanel::refresh() {
    // The same finding stays selected across an edit that leaves it.
    QString selected;
    if (auto* item = m_list->currentItem())
        selected = item->text();
    const QSignalBlocker block(m_list);
    m_list->clear();
    const auto& findings = m_checks.findings();
    // Problems first, then warnings, then notes; the checks' own order within each.
    std::vector<std::size_t> order(findings.size());
    std::iota(order.begin(), order.end(), std::size_t{0});
    std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) {
        return findings[a].severity < findings[b].severity;
    });
    for (const auto i : order) {
        const auto& f = findings[i];
        auto* item =
            new QListWidgetItem(tr("%1: %2").arg(severityLabel(f.severity), appText(f.message)), m_list);
        item->setData(kFindingRole, static_cast<int>(i));
        item->setIcon(style()->standardIcon(
            f.severity == plan::Severity::Problem   ? QStyle::SP_MessageBoxCritical
            : f.severity == plan::Severity::Warning ? QStyle::SP_MessageBoxWarning
                                                    : QStyle::SP_MessageBoxInformation));
        item->setToolTip(QString::fromStdString(f.rule));
        if (item->text() == selected)
            m_list->setCurrentItem(item);
    }
    if (findings.empty()) {
        auto* item = new QListWidgetItem(tr("No findings."), m_list);
        item->setFlags(Qt::ItemIsEnabled);
    }
    // An edit elsewhere keeps the user's selection in the parts table.
    showFinding(m_list->currentRow(), false);
}

void IssuesPanel::showFinding(int row, bool selectParts) {
    m_fixes.clear();
    while (auto* item = m_fixButtons->takeAt(0)) {
        delete item->widget();
        delete item;
    }
    const auto& findings = m_checks.findings();
    const auto* item = row >= 0 ? m_list->item(row) : nullptr;
    if (!item || !item->data(kFindingRole).isValid()) {
        QStringList unchecked;
        for (const auto& what : plan::notChecked())
            unchecked << appText(what).toHtmlEscaped();
        m_details->setText(tr("<b>Not checked</b> (with every result):<ul><li>%1</li></ul>")
                               .arg(unchecked.join(QStringLiteral("</li><li>"))));
        return;
    }
    const auto& f = findings[static_cast<std::size_t>(item->data(kFindingRole).toInt())];
    QStringList parts;
    QStringList names;
    for (const auto& id : f.parts) {
        parts << QString::fromStdString(id);
        for (const auto& p : m_document.build().parts)
            if (p.partId == id)
                names << QString::fromStdString(p.snapshot.name).toHtmlEscaped();
    }
    // The rule's id is ours, not the reader's: the list item's tooltip names it.
    QString html = tr("<b>%1</b><br>%2").arg(severityLabel(f.severity), appText(f.message).toHtmlEscaped());
    if (!names.isEmpty())
        html += tr("<br>Concerns: %1").arg(names.join(QStringLiteral(", ")));
    if (!f.fix.empty())
        html += tr("<br>To do: %1").arg(appText(f.fix).toHtmlEscaped());
    m_fixes = plan::fixesFor(f, m_document.build(), m_catalog, m_checks.options());
    if (m_fixes.empty())
        html += tr("<br><i>No catalog change fixes this by itself.</i>");
    m_details->setText(html);
    for (std::size_t i = 0; i < m_fixes.size(); ++i) {
        // The change as the button's description, which wraps in a narrow dock.
        auto* button = new QCommandLinkButton(tr("Fix %1").arg(i + 1), appText(m_fixes[i].label), m_fixBox);
        button->setToolTip(
            tr("Make this change (it can be undone); the checks agree it removes the finding"));
        button->setAccessibleName(tr("Fix: %1").arg(appText(m_fixes[i].label)));
        connect(button, &QCommandLinkButton::clicked, this, [this, i] { applyFix(static_cast<int>(i)); });
        m_fixButtons->addWidget(button);
    }
    if (selectParts)
        Q_EMIT partsSelected(parts);
}

bool IssuesPanel::applyFix(int index) {
    if (index < 0 || static_cast<std::size_t>(index) >= m_fixes.size())
        return false;
    const auto fix = m_fixes[static_cast<std::size_t>(index)]; // the edit rebuilds m_fixes
    m_document.edit(tr("Fix: %1").arg(appText(fix.label)), [&](plan::Build& b) { b = fix.after; });
    return true;
}

} // namespace torchrig::ui
