#include "plan_dialog.h"

#include "settings/circuit_field.h"

#include "document/message_translation.h"
#include "plan_table_cells.h"

#include "plan/plan_scenarios.h"
#include "plan/workload_defaults.h"
#include "workload/model_zoo.h"
#include "workload/workload_form.h"
#include "workload/workload_graph.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDate>
#include <QDialogButtonBox>
#include <QDoubleSpinBox>
#include <QFormLayout>
#include <QGridLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLocale>
#include <QPushButton>
#include <QScreen>
#include <QScrollArea>
#include <QSpinBox>
#include <QSplitter>
#include <QTableWidget>
#include <QThread>
#include <QVBoxLayout>

namespace torchrig::ui {

// "LoRA, rank 16 on q_proj, v_proj · checkpointing each block".
QString PlanDialog::methodText(const Workload& r) {
    QString method = tr("full fine-tune");
    if (r.lora.rank > 0) {
        QStringList targets;
        for (const auto& t : r.lora.targets)
            targets << QString::fromStdString(t);
        method = (r.lora.quantizeBase4bit ? tr("QLoRA, rank %1") : tr("LoRA, rank %1")).arg(r.lora.rank) +
                 QStringLiteral(" ") +
                 (targets.isEmpty() ? tr("on every linear layer of a block")
                                    : tr("on %1").arg(targets.join(QStringLiteral(", "))));
    }
    if (r.checkpointing == Checkpointing::Blocks)
        method += QStringLiteral(" · ") + tr("checkpointing each block");
    return method;
}

PlanDialog::PlanDialog(std::shared_ptr<const plan::PlanCatalog> catalog, const PlanningSettings& settings,
                       const std::vector<plan::BuildWorkload>& startWith, QWidget* parent)
    : QDialog(parent)
    , m_catalog(std::move(catalog))
    , m_settings(settings) {
    setWindowTitle(tr("Plan for a workload"));
    // What is asked above what was found, split where the user drags: on a small screen the asked
    // part scrolls, and the answer keeps the larger share.
    auto* asked = new QWidget(this);
    auto* askedLayout = new QVBoxLayout(asked);
    askedLayout->setContentsMargins(0, 0, 0, 0);
    askedLayout->addLayout(makeScenarioRow());
    askedLayout->addWidget(makeWorkloadsBox());
    askedLayout->addWidget(makeConstraintsBox());
    auto* askedScroll = new QScrollArea(this);
    askedScroll->setWidget(asked);
    askedScroll->setWidgetResizable(true);
    askedScroll->setFrameShape(QFrame::NoFrame);
    auto* found = new QWidget(this);
    auto* foundLayout = new QVBoxLayout(found);
    foundLayout->setContentsMargins(0, 0, 0, 0);
    auto* layout = new QVBoxLayout(this);
    m_splitter = new QSplitter(Qt::Vertical, this);
    m_splitter->setChildrenCollapsible(false);
    m_splitter->addWidget(askedScroll);
    m_splitter->addWidget(found);
    layout->addWidget(m_splitter, 1);
    makeResults(*foundLayout, *layout);

    startForm();
    for (const auto& w : startWith)
        addWorkload({w, false});
    // Wide enough for the proposals' columns, within the screen.
    QSize size(1400, 960);
    if (const auto* screen = this->screen())
        size = size.boundedTo(screen->availableGeometry().size() * 0.95);
    resize(size);
    m_asked = asked;
}

void PlanDialog::showEvent(QShowEvent* event) {
    QDialog::showEvent(event);
    // Until there is an answer, the question whole where the screen allows (the splitter's height
    // is known once the dialog is laid out).
    if (!m_result) {
        const int total = m_splitter->height();
        const int askedHeight =
            std::min(m_asked->sizeHint().height(), total - m_proposalTable->minimumHeight());
        m_splitter->setSizes({askedHeight, std::max(1, total - askedHeight)});
    }
}

QLayout* PlanDialog::makeScenarioRow() {
    // A seed article's scenario fills everything below.
    m_scenario = new QComboBox(this);
    m_scenario->setObjectName(QStringLiteral("planScenario"));
    m_scenario->addItem(tr("(your own workloads)"));
    for (const auto& scenario : plan::planScenarios())
        m_scenario->addItem(appText(scenario.title), QString::fromStdString(scenario.id));
    m_scenario->setToolTip(tr("The seed articles' three scenarios: their workload, budget and constraints, "
                              "with where each figure comes from"));
    auto* scenarioRow = new QHBoxLayout;
    auto* scenarioLabel = new QLabel(tr("S&tart from"), this);
    scenarioLabel->setBuddy(m_scenario);
    m_scenario->setAccessibleName(tr("Start from"));
    scenarioRow->addWidget(scenarioLabel);
    scenarioRow->addWidget(m_scenario);
    scenarioRow->addStretch(1);
    connect(m_scenario, &QComboBox::activated, this, &PlanDialog::useScenario);
    return scenarioRow;
}

QGroupBox* PlanDialog::makeWorkloadsBox() {
    // The workload being added: the workload editor's form, at the defaults of a build not yet chosen.
    m_form = new WorkloadForm(Qt::Horizontal, this);
    m_form->offerLargestBatch();
    // The planner's question is which card holds the most: each at the largest batch it holds, as
    // `plan` without --batch.
    m_form->largestBatchBox()->setChecked(true);
    const std::pair<QWidget*, const char*> named[] = {
        {m_form->modelBox(), "planModel"},
        {m_form->batchBox(), "planBatch"},
        {m_form->largestBatchBox(), "planLargestBatch"},
        {m_form->seqLenBox(), "planSeqLen"},
        {m_form->imageSizeBox(), "planImageSize"},
        {m_form->precisionBox(), "planPrecision"},
        {m_form->checkpointingBox(), "planCheckpointing"},
        {m_form->loraRankBox(), "planLoraRank"},
        {m_form->loraTargetsEdit(), "planLoraTargets"},
        {m_form->qloraBox(), "planQlora"},
        {m_form->datasetSamplesBox(), "planDatasetSamples"},
        {m_form->epochsBox(), "planEpochs"},
    };
    for (const auto& [widget, name] : named)
        widget->setObjectName(QString::fromLatin1(name));
    auto* add = new QPushButton(tr("A&dd to the list"), this);
    add->setObjectName(QStringLiteral("planAdd"));
    add->setToolTip(tr("Add this workload to the list: the plan holds every workload listed"));
    m_workloadTable = new QTableWidget(0, 6, this);
    m_workloadTable->setObjectName(QStringLiteral("planWorkloads"));
    m_workloadTable->setAccessibleName(tr("Workloads to plan for"));
    m_workloadTable->setHorizontalHeaderLabels({tr("Model"), tr("Method"), tr("Batch per GPU"),
                                                tr("Sequence / image"), tr("Precision"), tr("Data")});
    m_workloadTable->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_workloadTable->horizontalHeader()->setStretchLastSection(true);
    m_workloadTable->verticalHeader()->hide();
    m_workloadTable->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_workloadTable->setMaximumHeight(3 * m_workloadTable->fontMetrics().lineSpacing() + 24);
    auto* remove = new QPushButton(tr("Remove"), this);

    auto* workloadsBox = new QGroupBox(tr("Workloads"), this);
    auto* workloadsLayout = new QVBoxLayout(workloadsBox);
    workloadsLayout->addWidget(m_form);
    auto* listRow = new QHBoxLayout;
    listRow->addWidget(m_workloadTable, 1);
    auto* listButtons = new QVBoxLayout;
    listButtons->addWidget(add);
    listButtons->addWidget(remove);
    listButtons->addStretch(1);
    listRow->addLayout(listButtons);
    workloadsLayout->addLayout(listRow);

    connect(m_form, &WorkloadForm::modelFileRejected, this,
            [this](const QString& why) { m_summary->setText(why); });
    connect(add, &QPushButton::clicked, this, &PlanDialog::addFormWorkload);
    connect(remove, &QPushButton::clicked, this, [this] {
        const int row = m_workloadTable->currentRow();
        if (row < 0 || row >= static_cast<int>(m_workloads.size()))
            return;
        m_workloads.erase(m_workloads.begin() + row);
        m_workloadTable->removeRow(row);
    });
    return workloadsBox;
}

QGroupBox* PlanDialog::makeConstraintsBox() {
    // The money and the constraints.
    const auto currency = m_settings.currency;
    m_budget = new QDoubleSpinBox(this);
    m_budget->setObjectName(QStringLiteral("planBudget"));
    m_budget->setRange(0, 1e9);
    m_budget->setDecimals(0);
    m_budget->setSingleStep(1000);
    m_budget->setGroupSeparatorShown(true);
    m_budget->setSuffix(QStringLiteral(" ") + currency);
    m_budget->setSpecialValueText(tr("no limit"));
    m_budget->setToolTip(tr("The whole purchase, every node, with the tax and shipping of Preferences"));
    m_mode = new QComboBox(this);
    m_mode->addItems({tr("Buy"), tr("Rent"), tr("Buy or rent")});
    m_ranking = new QComboBox(this);
    m_ranking->addItems({tr("Time to train"), tr("Samples/s per money")});
    // The user's circuit (Preferences: a mainland socket in Chinese, a North American one elsewhere).
    m_circuit = new CircuitField(m_settings.circuit(), this);
    m_chassis = new QComboBox(this);
    m_chassis->addItems({tr("Any"), tr("Desk tower"), tr("Rack")});
    m_maxGpus = new QSpinBox(this);
    m_maxGpus->setRange(1, 16);
    m_maxGpus->setValue(4);
    m_nodes = new QSpinBox(this);
    m_nodes->setRange(1, 1024);
    // What the planner may change in a workload a card cannot hold as asked (plan/planner.h).
    auto* levers = new QWidget(this);
    auto* leversRow = new QHBoxLayout(levers);
    leversRow->setContentsMargins(0, 0, 0, 0);
    const std::pair<plan::PlanLever, QString> leverTexts[] = {
        {plan::PlanLever::MicroBatches, tr("smaller micro-batches, accumulated")},
        {plan::PlanLever::Checkpointing, tr("checkpoint each block")},
        {plan::PlanLever::QuantizedBase, tr("QLoRA for LoRA work")},
    };
    for (const auto& [lever, text] : leverTexts) {
        auto* box = new QCheckBox(text, levers);
        box->setChecked(true);
        box->setObjectName(QStringLiteral("planLever-") +
                           QString::fromUtf8(enumName(plan::kPlanLeverNames, lever).data()));
        leversRow->addWidget(box);
        m_levers.emplace_back(lever, box);
    }
    m_levers.back().second->setToolTip(tr("Changes what is computed (the frozen weights in 4 bits): pulled "
                                          "only when nothing else makes the work fit"));
    m_planButton = new QPushButton(tr("&Plan"), this);
    m_planButton->setObjectName(QStringLiteral("planButton"));
    m_planButton->setDefault(true);

    auto* constraints = new QGridLayout;
    auto place = [&](int row, int column, const QString& label, QWidget* field, QWidget* buddy = nullptr) {
        auto* l = new QLabel(label, this);
        l->setBuddy(buddy ? buddy : field);
        if (field->accessibleName().isEmpty())
            field->setAccessibleName(QString(label).remove(QLatin1Char('&')));
        field->setSizePolicy(QSizePolicy::Maximum, QSizePolicy::Fixed);
        constraints->addWidget(l, row, column * 2);
        constraints->addWidget(field, row, column * 2 + 1);
    };
    place(0, 0, tr("B&udget"), m_budget);
    place(0, 1, tr("Bu&y or rent"), m_mode);
    place(0, 2, tr("Ran&k by"), m_ranking);
    place(1, 0, tr("&Circuit"), m_circuit, m_circuit->ampsBox());
    place(1, 1, tr("C&ase"), m_chassis);
    place(1, 2, tr("&GPUs per node at most"), m_maxGpus);
    place(1, 3, tr("&Nodes"), m_nodes);
    auto* leversLabel = new QLabel(tr("To make it fit, the planner may"), this);
    constraints->addWidget(leversLabel, 2, 0, 1, 2);
    constraints->addWidget(levers, 2, 2, 1, 6);
    constraints->addWidget(m_planButton, 0, 7, Qt::AlignRight);
    constraints->setColumnStretch(8, 1);
    auto* constraintsBox = new QGroupBox(tr("Budget and constraints"), this);
    constraintsBox->setLayout(constraints);
    connect(m_planButton, &QPushButton::clicked, this, &PlanDialog::plan);
    return constraintsBox;
}

void PlanDialog::makeResults(QVBoxLayout& layout, QVBoxLayout& dialogLayout) {
    // What the search found.
    m_proposalTable = new QTableWidget(0, 6, this);
    m_proposalTable->setObjectName(QStringLiteral("proposals"));
    m_proposalTable->setAccessibleName(tr("Proposals"));
    m_proposalTable->setHorizontalHeaderLabels({tr("Build"), tr("Total"), tr("Time to train"),
                                                tr("Samples/s"), tr("At the wall"),
                                                tr("Pays off against renting")});
    m_proposalTable->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_proposalTable->horizontalHeader()->setSectionResizeMode(5, QHeaderView::Stretch);
    m_proposalTable->setTextElideMode(Qt::ElideRight);
    m_proposalTable->verticalHeader()->hide();
    m_proposalTable->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_proposalTable->setSelectionMode(QAbstractItemView::SingleSelection);
    m_proposalTable->setWordWrap(false);
    m_details = new QLabel(this);
    m_details->setObjectName(QStringLiteral("planDetails"));
    m_details->setWordWrap(true);
    m_details->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_details->setAlignment(Qt::AlignTop | Qt::AlignLeft);
    m_summary = new QLabel(tr("Add the workloads, set the budget, and press Plan."), this);
    m_summary->setObjectName(QStringLiteral("planSummary"));
    m_summary->setWordWrap(true);
    m_summary->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_openButton = new QPushButton(tr("&Open as build"), this);
    m_openButton->setObjectName(QStringLiteral("openProposal"));
    m_openButton->setEnabled(false);
    m_compareButton = new QPushButton(tr("Compare the proposa&ls…"), this);
    m_compareButton->setEnabled(false);
    auto* close = new QDialogButtonBox(QDialogButtonBox::Close, this);
    auto* bottom = new QHBoxLayout;
    bottom->addWidget(m_openButton);
    bottom->addWidget(m_compareButton);
    bottom->addStretch(1);
    bottom->addWidget(close);

    // The details scroll: a proposal's parts, notes and findings may be longer than a small screen.
    auto* detailsScroll = new QScrollArea(this);
    detailsScroll->setWidget(m_details);
    detailsScroll->setWidgetResizable(true);
    detailsScroll->setFrameShape(QFrame::NoFrame);
    auto* results = new QHBoxLayout;
    results->addWidget(m_proposalTable, 5);
    results->addWidget(detailsScroll, 3);
    // The summary's notes scroll beneath the proposals rather than push them off a small screen.
    auto* summaryScroll = new QScrollArea(this);
    summaryScroll->setWidget(m_summary);
    summaryScroll->setWidgetResizable(true);
    summaryScroll->setFrameShape(QFrame::NoFrame);
    summaryScroll->setMaximumHeight(7 * fontMetrics().lineSpacing());
    m_proposalTable->setMinimumHeight(4 * fontMetrics().lineSpacing() + 30);
    layout.addLayout(results, 1);
    layout.addWidget(summaryScroll);
    dialogLayout.addLayout(bottom);

    connect(m_proposalTable, &QTableWidget::itemSelectionChanged, this, [this] {
        m_openButton->setEnabled(m_proposalTable->currentRow() >= 0 && !m_running);
        showDetails();
    });
    connect(m_proposalTable, &QTableWidget::itemActivated, this, &PlanDialog::openSelected);
    connect(m_openButton, &QPushButton::clicked, this, &PlanDialog::openSelected);
    connect(m_compareButton, &QPushButton::clicked, this, &PlanDialog::compareShown);
    connect(close, &QDialogButtonBox::rejected, this, &QDialog::reject);
}

// The form starts on the zoo's first model at its defaults, as a model newly chosen would.
void PlanDialog::startForm() {
    const auto& first = modelZoo().front();
    auto start = plan::defaultWorkloadFor(first, plan::Build{}).planned;
    m_form->setWorkload(start);
}

void PlanDialog::useScenario(int index) {
    const auto* scenario = plan::findPlanScenario(m_scenario->itemData(index).toString().toStdString());
    if (!scenario)
        return;
    const auto& r = scenario->request;
    m_workloads.clear();
    m_workloadTable->setRowCount(0);
    for (const auto& w : r.workloads)
        addWorkload(w);
    // The scenario's budget is in yuan: in the totals' currency where Preferences give its rate.
    std::optional<double> budget;
    if (r.budget <= 0)
        budget = 0;
    else if (m_settings.currency == QString::fromStdString(r.cost.currency))
        budget = r.budget;
    else if (const auto rates = m_settings.costOptions().rates; rates.count(r.cost.currency))
        budget = r.budget * rates.at(r.cost.currency);
    if (budget)
        m_budget->setValue(*budget);
    m_mode->setCurrentIndex(static_cast<int>(r.mode));
    m_ranking->setCurrentIndex(r.ranking == plan::PlanRanking::ValuePerCost ? 1 : 0);
    m_circuit->setCircuit(r.circuit);
    m_chassis->setCurrentIndex(static_cast<int>(r.chassis));
    m_maxGpus->setValue(r.maxGpusPerNode);
    m_nodes->setValue(r.nodes);
    QStringList lines{QStringLiteral("<b>%1</b>").arg(appText(scenario->title).toHtmlEscaped())};
    for (const auto& source : scenario->sources)
        lines << QString::fromStdString(source).toHtmlEscaped();
    for (const auto& note : scenario->notes)
        lines << QStringLiteral("– ") + appText(note).toHtmlEscaped();
    if (!budget)
        lines
            << tr("The scenario's budget is ¥%1: Preferences have no rate from CNY to %2, so set the budget "
                  "in %2 yourself.")
                   .arg(QLocale().toString(r.budget, 'f', 0), m_settings.currency);
    m_summary->setText(lines.join(QStringLiteral("<br>")));
}

void PlanDialog::addFormWorkload() {
    const auto& shown = m_form->workload();
    if (!shown) {
        m_summary->setText(tr("Choose a model for the workload first."));
        return;
    }
    plan::PlanWorkload planned;
    static_cast<plan::BuildWorkload&>(planned) = *shown;
    planned.largestBatch = m_form->largestBatch();
    if (auto graph = buildWorkloadGraph(planned.workload); !graph) {
        m_summary->setText(tr("This workload cannot be built: %1").arg(appText(graph.error().message)));
        return;
    }
    addWorkload(planned);
}

void PlanDialog::addWorkload(const plan::PlanWorkload& workload) {
    m_workloads.push_back(workload);
    const auto& r = workload.workload;
    const int row = m_workloadTable->rowCount();
    m_workloadTable->insertRow(row);
    const auto* zoo = findZooModel(r.model);
    const bool tokens = !zoo || zoo->inputKind == ModelInputKind::Tokens;
    m_workloadTable->setItem(row, 0, planTableCell(QString::fromStdString(workloadModelName(r))));
    m_workloadTable->setItem(row, 1, planTableCell(methodText(r)));
    m_workloadTable->setItem(
        row, 2,
        planTableCell(workload.largestBatch ? tr("largest that fits") : QString::number(r.inputs.batch),
                      kPlanTableNumber));
    m_workloadTable->setItem(row, 3,
                             planTableCell(tokens ? tr("%1 tokens").arg(r.inputs.seqLen)
                                                  : tr("%1 × %1 px").arg(r.inputs.imageSize),
                                           kPlanTableNumber));
    m_workloadTable->setItem(
        row, 4,
        planTableCell(QString::fromUtf8(precisionId(r.precision).data(),
                                        static_cast<int>(precisionId(r.precision).size()))));
    const auto& d = workload.dataset;
    m_workloadTable->setItem(row, 5,
                             planTableCell(d.samples > 0 && d.epochs > 0
                                               ? tr("%1 samples × %2 epochs")
                                                     .arg(QLocale().toString(qlonglong(d.samples)))
                                                     .arg(QLocale().toString(d.epochs, 'g', 3))
                                               : tr("not given: 10^6 samples assumed")));
}

plan::PlanRequest PlanDialog::request() const {
    plan::PlanRequest request;
    request.workloads = m_workloads;
    request.budget = m_budget->value();
    request.cost = m_settings.costOptions();
    request.market = m_settings.market;
    request.cost.today = QDate::currentDate().toString(Qt::ISODate).toStdString();
    request.usage = m_settings.usagePlan();
    request.mode = m_mode->currentIndex() == 1   ? plan::PlanMode::Rent
                   : m_mode->currentIndex() == 2 ? plan::PlanMode::Both
                                                 : plan::PlanMode::Own;
    request.ranking =
        m_ranking->currentIndex() == 1 ? plan::PlanRanking::ValuePerCost : plan::PlanRanking::TimeToTrain;
    request.circuit = m_circuit->circuit();
    request.chassis = m_chassis->currentIndex() == 1   ? plan::PlanChassis::Tower
                      : m_chassis->currentIndex() == 2 ? plan::PlanChassis::Rack
                                                       : plan::PlanChassis::Any;
    request.maxGpusPerNode = m_maxGpus->value();
    for (const auto& [lever, box] : m_levers)
        if (!box->isChecked())
            request.forbiddenLevers.push_back(lever);
    request.nodes = m_nodes->value();
    request.translate = appTranslation();
    return request;
}

void PlanDialog::plan() {
    if (m_running)
        return;
    if (m_workloads.empty()) {
        m_summary->setText(tr("Add a workload first: choose a model above and press Add."));
        return;
    }
    m_running = true;
    m_planButton->setEnabled(false);
    m_openButton->setEnabled(false);
    m_compareButton->setEnabled(false);
    m_summary->setText(tr("Planning: every GPU of the catalog against the workloads, then a host for each…"));
    // The search holds its own copies: it may outlive the dialog by the second it takes.
    m_plannedFor = m_workloads; // the list may change while the answer is shown
    auto result = std::make_shared<plan::PlanResult>();
    auto* thread = QThread::create([request = request(), catalog = m_catalog, result] {
        *result = plan::planBuilds(request, *catalog);
    });
    connect(thread, &QThread::finished, this, [this, result] {
        m_running = false;
        m_planButton->setEnabled(true);
        showResult(std::move(*result));
    });
    connect(thread, &QThread::finished, thread, &QObject::deleteLater);
    thread->start();
}

} // namespace torchrig::ui
