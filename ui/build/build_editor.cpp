#include "build_editor.h"

#include "build_parts_model.h"
#include "document/build_document.h"
#include "plan/build_cost.h"
#include "plan/compatibility.h"

#include <QFormLayout>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QPushButton>
#include <QSpinBox>
#include <QTableView>
#include <QVBoxLayout>

namespace torchrig::ui {

BuildEditor::BuildEditor(BuildDocument& document, QWidget* parent)
    : QWidget(parent)
    , m_document(document)
    , m_title(new QLineEdit(this))
    , m_nodes(new QSpinBox(this))
    , m_parts(new QTableView(this))
    , m_model(new BuildPartsModel(document, this))
    , m_remove(new QPushButton(tr("&Remove part"), this))
    , m_cost(new QLabel(this))
    , m_findings(new QListWidget(this)) {
    m_nodes->setRange(1, 100000);
    m_parts->setModel(m_model);
    m_parts->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_parts->setSelectionMode(QAbstractItemView::SingleSelection);
    m_parts->horizontalHeader()->setSectionResizeMode(BuildPartsModel::PartColumn, QHeaderView::Stretch);
    m_parts->verticalHeader()->hide();
    m_parts->setAccessibleName(tr("Parts of the build"));
    m_findings->setAccessibleName(tr("Compatibility findings"));
    m_findings->setWordWrap(true);
    m_cost->setWordWrap(true);
    m_remove->setShortcut(QKeySequence::Delete);

    auto* form = new QFormLayout;
    form->addRow(tr("&Title:"), m_title);
    form->addRow(tr("&Nodes:"), m_nodes);
    auto* buttons = new QHBoxLayout;
    buttons->addWidget(m_cost, 1);
    buttons->addWidget(m_remove);
    auto* layout = new QVBoxLayout(this);
    layout->addLayout(form);
    layout->addWidget(m_parts, 3);
    layout->addLayout(buttons);
    auto* findingsLabel = new QLabel(tr("&Findings:"), this);
    findingsLabel->setBuddy(m_findings);
    layout->addWidget(findingsLabel);
    layout->addWidget(m_findings, 2);

    connect(m_title, &QLineEdit::editingFinished, this, [this] { m_document.setTitle(m_title->text()); });
    connect(m_nodes, &QSpinBox::valueChanged, this, [this](int nodes) { m_document.setNodes(nodes); });
    connect(m_remove, &QPushButton::clicked, this, &BuildEditor::removeSelectedPart);
    // A finding selects the first part it concerns.
    connect(m_findings, &QListWidget::currentRowChanged, this, [this](int row) {
        if (row < 0)
            return;
        const auto partId = m_findings->item(row)->data(Qt::UserRole).toString();
        for (int r = 0; r < m_model->rowCount(); ++r)
            if (m_model->index(r, 0).data(BuildPartsModel::PartIdRole).toString() == partId)
                m_parts->selectRow(r);
    });
    connect(&m_document, &BuildDocument::buildChanged, this, &BuildEditor::refresh);
    refresh();
}

void BuildEditor::removeSelectedPart() {
    const auto rows = m_parts->selectionModel()->selectedRows();
    if (!rows.isEmpty())
        m_document.removePart(rows.front().row());
}

void BuildEditor::refresh() {
    const auto& build = m_document.build();
    const QSignalBlocker titleBlock(m_title), nodesBlock(m_nodes);
    if (m_title->text().toStdString() != build.title) {
        m_title->setText(QString::fromStdString(build.title));
        m_title->setCursorPosition(0); // the start of a long title, not its end
    }
    m_nodes->setValue(build.nodes);

    const auto cost = plan::costBuild(build, {});
    QStringList totals;
    for (const auto& [currency, amount] : cost.totalsByCurrency)
        totals << tr("%1 %2").arg(amount, 0, 'f', 2).arg(QString::fromStdString(currency));
    for (const auto& [currency, amount] : cost.hourlyByCurrency)
        totals << tr("%1 %2 an hour").arg(amount, 0, 'f', 2).arg(QString::fromStdString(currency));
    QString text = totals.isEmpty() ? tr("No prices") : tr("Parts: %1").arg(totals.join(tr(" + ")));
    if (!cost.missing.empty())
        text += tr(" (%n part(s) without a price)", nullptr, static_cast<int>(cost.missing.size()));
    if (cost.loadWatts > 0)
        text += tr(" · %1 W at load").arg(cost.loadWatts, 0, 'f', 0);
    m_cost->setText(text);

    m_findings->clear();
    for (const auto& f : plan::checkBuild(build)) {
        auto* item = new QListWidgetItem(
            tr("%1 [%2] %3%4")
                .arg(QString::fromUtf8(plan::severityId(f.severity).data()), QString::fromStdString(f.rule),
                     QString::fromStdString(f.message),
                     f.fix.empty() ? QString() : tr(" — fix: %1").arg(QString::fromStdString(f.fix))),
            m_findings);
        item->setData(Qt::UserRole, f.parts.empty() ? QString() : QString::fromStdString(f.parts.front()));
        item->setIcon(style()->standardIcon(
            f.severity == plan::Severity::Problem   ? QStyle::SP_MessageBoxCritical
            : f.severity == plan::Severity::Warning ? QStyle::SP_MessageBoxWarning
                                                    : QStyle::SP_MessageBoxInformation));
    }
    if (m_findings->count() == 0)
        m_findings->addItem(
            tr("No findings. Not checked: %1").arg(QString::fromStdString(plan::notChecked().front())));
}

} // namespace torchrig::ui
