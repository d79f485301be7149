#include "advice_panel.h"

#include "document/message_translation.h"

#include "document/build_document.h"
#include "plan/advisor.h"
#include "plan/seed_articles.h"

#include <QFrame>
#include <QHBoxLayout>
#include <QLabel>
#include <QLayoutItem>
#include <QPushButton>
#include <QScrollArea>
#include <QVBoxLayout>

namespace torchrig::ui {

namespace {

std::vector<plan::Advice> adviceFor(const BuildDocument& document) {
    plan::AdvisorInput input;
    if (const auto* planned = document.currentWorkload()) {
        input.workload = planned->workload;
        input.strategy = planned->strategy;
        input.dataset = planned->dataset;
    }
    return plan::adviseBuild(document.build(), input);
}

} // namespace

AdvicePanel::AdvicePanel(BuildDocument& document, QWidget* parent)
    : QWidget(parent)
    , m_document(document) {
    auto* scroll = new QScrollArea(this);
    scroll->setWidgetResizable(true);
    scroll->setFrameShape(QFrame::NoFrame);
    m_content = new QWidget(scroll);
    m_rows = new QVBoxLayout(m_content);
    scroll->setWidget(m_content);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(scroll);
    onBuildChanged(m_document, kEstimateInputs, this, &AdvicePanel::refreshIfShownElseMarkStale);
}

void AdvicePanel::refreshIfShownElseMarkStale() {
    if (isVisible())
        refresh();
    else
        m_stale = true;
}

void AdvicePanel::showEvent(QShowEvent* event) {
    QWidget::showEvent(event);
    if (m_stale)
        refresh();
}

int AdvicePanel::adviceCount() {
    if (m_stale)
        refresh();
    return m_count;
}

bool AdvicePanel::apply(const QString& rule) {
    if (!m_document.currentWorkload())
        return false;
    for (const auto& a : adviceFor(m_document)) {
        if (QString::fromStdString(a.rule) != rule || !a.change)
            continue;
        auto workload = *m_document.currentWorkload();
        if (!plan::applyWorkloadChange(workload, *a.change))
            return false;
        m_document.setWorkload(workload);
        return true;
    }
    return false;
}

void AdvicePanel::refresh() {
    m_stale = false;
    while (auto* item = m_rows->takeAt(0)) {
        delete item->widget();
        delete item;
    }
    const auto advice = adviceFor(m_document);
    m_count = static_cast<int>(advice.size());
    for (const auto& a : advice) {
        auto* row = new QFrame(m_content);
        row->setFrameShape(QFrame::StyledPanel);
        auto* text = new QLabel(row);
        text->setWordWrap(true);
        text->setTextFormat(Qt::RichText);
        // Headed by what it says, its article by title and section (the rule's id is ours: a tooltip).
        const auto cited = plan::citeSeedArticle(a.source);
        const auto source = QString::fromStdString(cited ? plan::citationText(*cited) : a.source);
        QString html =
            QStringLiteral("<b>%1</b><br><small>%2</small>")
                .arg(appText(a.message).toHtmlEscaped(), tr("Source: %1").arg(source.toHtmlEscaped()));
        row->setToolTip(QString::fromStdString(a.rule));
        if (!a.articleClaim.empty())
            html += QStringLiteral("<br><small>%1</small>")
                        .arg(tr("The article: %1").arg(appText(a.articleClaim).toHtmlEscaped()));
        if (!a.correction.empty())
            html += QStringLiteral("<br><small>%1</small>")
                        .arg(tr("But: %1").arg(appText(a.correction).toHtmlEscaped()));
        if (!a.fix.empty())
            html +=
                QStringLiteral("<br><small>%1</small>").arg(tr("Or: %1").arg(appText(a.fix).toHtmlEscaped()));
        text->setText(html);
        auto* layout = new QHBoxLayout(row);
        layout->addWidget(text, 1);
        const bool applicable = a.change && [&] {
            if (!m_document.currentWorkload())
                return false;
            auto probe = *m_document.currentWorkload();
            return plan::applyWorkloadChange(probe, *a.change);
        }();
        if (applicable) {
            auto* button = new QPushButton(tr("Apply"), row);
            button->setToolTip(
                tr("Set %1 to %2")
                    .arg(QString::fromStdString(a.change->field), QString::fromStdString(a.change->value)));
            button->setAccessibleName(tr("Apply: %1").arg(appText(a.message)));
            const auto rule = QString::fromStdString(a.rule);
            connect(button, &QPushButton::clicked, this, [this, rule] { apply(rule); });
            layout->addWidget(button, 0, Qt::AlignTop);
        }
        m_rows->addWidget(row);
    }
    if (advice.empty())
        m_rows->addWidget(new QLabel(tr("No advice for this build and workload."), m_content));
    m_rows->addStretch(1);
}

} // namespace torchrig::ui
