#include "start_page.h"

#include "document/message_translation.h"

#include "plan/build_presets.h"
#include "plan/seed_articles.h"

#include <QFileInfo>
#include <QHBoxLayout>
#include <QLabel>
#include <QListWidget>
#include <QPushButton>
#include <QVBoxLayout>

namespace torchrig::ui {

namespace {
constexpr int kIdRole = Qt::UserRole;

QLabel* heading(const QString& text, QWidget* parent) {
    auto* label = new QLabel(text, parent);
    auto font = label->font();
    font.setPointSizeF(font.pointSizeF() * 1.25);
    font.setBold(true);
    label->setFont(font);
    return label;
}
} // namespace

StartPage::StartPage(QWidget* parent)
    : QWidget(parent) {
    auto* intro = new QLabel(tr("Start from a build the seed articles describe, open one of yours, or "
                                "start empty and add parts from the catalog."),
                             this);
    intro->setWordWrap(true);
    m_presets = new QListWidget(this);
    m_presets->setAccessibleName(tr("Builds from the articles"));
    m_presets->setAlternatingRowColors(true);
    m_presets->setTextElideMode(Qt::ElideMiddle);
    m_presets->setSpacing(2);
    // Three lines a row (the build, its article and section, its budget), each row as tall as that.
    const QSize rowSize(0, 3 * m_presets->fontMetrics().lineSpacing() + 10);
    for (const auto& preset : plan::buildPresets()) {
        const auto cited = plan::citeSeedArticle(preset.source);
        const auto source = QString::fromStdString(cited ? plan::citationText(*cited) : preset.source);
        auto* item = new QListWidgetItem(
            tr("%1\n%2\nbudget: %3").arg(appText(preset.title), source, appText(preset.budgetBand)),
            m_presets);
        item->setData(kIdRole, QString::fromStdString(preset.id));
        item->setSizeHint(rowSize);
        item->setToolTip(cited ? QString::fromStdString(cited->file) : QString());
    }
    m_presets->setCurrentRow(0);
    auto* usePreset = new QPushButton(tr("Use this build"), this);
    usePreset->setDefault(true);

    m_recent = new QListWidget(this);
    m_recent->setAccessibleName(tr("Recent builds"));
    auto* empty = new QPushButton(tr("Empty build"), this);
    empty->setToolTip(tr("A build with no parts: add them from the catalog"));
    auto* open = new QPushButton(tr("Open a build file…"), this);

    // The other way in: say what to train and for how much, and get three complete builds.
    auto* plan = new QPushButton(tr("Plan for a workload…"), this);
    plan->setObjectName(QStringLiteral("planForWorkload"));
    plan->setToolTip(tr("The three best complete builds of the catalog for your workloads, budget and "
                        "circuit, each checked, priced and compared with renting"));
    auto* planWhy = new QLabel(tr("Or say what you want to train and for how much: TorchRig proposes the "
                                  "three best complete builds of its catalog."),
                               this);
    planWhy->setWordWrap(true);
    auto* planRow = new QHBoxLayout;
    planRow->addWidget(plan);
    planRow->addWidget(planWhy, 1);

    auto* presetsColumn = new QVBoxLayout;
    presetsColumn->addWidget(heading(tr("Builds from the articles"), this));
    presetsColumn->addWidget(m_presets, 1);
    presetsColumn->addWidget(usePreset, 0, Qt::AlignRight);
    auto* recentColumn = new QVBoxLayout;
    recentColumn->addWidget(heading(tr("Recent builds"), this));
    recentColumn->addWidget(m_recent, 1);
    auto* buttons = new QHBoxLayout;
    buttons->addWidget(empty);
    buttons->addWidget(open);
    buttons->addStretch(1);
    recentColumn->addLayout(buttons);
    auto* columns = new QHBoxLayout;
    columns->addLayout(presetsColumn, 3);
    columns->addLayout(recentColumn, 2);
    auto* layout = new QVBoxLayout(this);
    layout->addWidget(heading(tr("Plan a build"), this));
    layout->addWidget(intro);
    layout->addLayout(planRow);
    layout->addLayout(columns, 1);

    auto choosePreset = [this] {
        if (auto* item = m_presets->currentItem())
            Q_EMIT presetChosen(item->data(kIdRole).toString());
    };
    connect(m_presets, &QListWidget::itemActivated, this, choosePreset);
    connect(usePreset, &QPushButton::clicked, this, choosePreset);
    connect(m_recent, &QListWidget::itemActivated, this, [this](QListWidgetItem* item) {
        const auto path = item->data(kIdRole).toString();
        if (!path.isEmpty())
            Q_EMIT recentChosen(path);
    });
    connect(empty, &QPushButton::clicked, this, &StartPage::emptyBuildChosen);
    connect(open, &QPushButton::clicked, this, &StartPage::openChosen);
    connect(plan, &QPushButton::clicked, this, &StartPage::planChosen);
    setFocusProxy(m_presets);
}

void StartPage::setRecentFiles(const QStringList& paths) {
    m_recent->clear();
    for (const auto& path : paths) {
        auto* item = new QListWidgetItem(QFileInfo(path).fileName(), m_recent);
        item->setData(kIdRole, path);
        item->setToolTip(path);
    }
    if (paths.isEmpty()) {
        auto* none = new QListWidgetItem(tr("(none yet: the builds you open or save appear here)"), m_recent);
        none->setFlags(Qt::NoItemFlags);
    }
}

} // namespace torchrig::ui
