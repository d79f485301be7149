#include "plan_dialog.h"

#include "settings/circuit_field.h"

#include "document/message_translation.h"
#include "plan_table_cells.h"

#include "plan/plan_scenarios.h"
#include "plan/workload_defaults.h"
#include "workload/model_zoo.h"
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
#include <QSpinBox>
#include <QTableWidget>
#include <QThread>
#include <QVBoxLayout>

namespace torchrig::ui {

namespace {

enum Method { FullFineTune, Lora, Qlora };

} // namespace

QString PlanDialog::methodText(const Workload& r) {
    if (r.lora.rank <= 0)
        return tr("full fine-tune");
    return (r.lora.quantizeBase4bit ? tr("QLoRA, rank %1") : tr("LoRA, rank %1")).arg(r.lora.rank);
}

PlanDialog::PlanDialog(std::shared_ptr<const plan::PlanCatalog> catalog, const PlanningSettings& settings,
                       const std::vector<plan::BuildWorkload>& startWith, QWidget* parent)
    : QDialog(parent)
    , m_catalog(std::move(catalog))
    , m_settings(settings) {
    setWindowTitle(tr("Plan for a workload"));
    auto* layout = new QVBoxLayout(this);
    layout->addLayout(makeScenarioRow());
    layout->addWidget(makeWorkloadsBox());
    layout->addWidget(makeConstraintsBox());
    makeResults(*layout);

    modelChanged();
    for (const auto& w : startWith)
        addWorkload({w, false});
    // Wide enough for the proposals' columns, within the screen.
    QSize size(1320, 780);
    if (const auto* screen = this->screen())
        size = size.boundedTo(screen->availableGeometry().size() * 0.95);
    resize(size);
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
    // The workload being added.
    m_model = new QComboBox(this);
    for (const auto& model : modelZoo())
        m_model->addItem(QString::fromStdString(model.id));
    m_model->setAccessibleName(tr("Model"));
    m_model->setObjectName(QStringLiteral("planModel"));
    m_method = new QComboBox(this);
    m_method->addItems({tr("Full fine-tune"), tr("LoRA"), tr("QLoRA")});
    m_method->setObjectName(QStringLiteral("planMethod"));
    m_method->setToolTip(tr("LoRA trains small adapters (rank 16) on a frozen model; QLoRA also keeps the "
                            "frozen weights in 4 bits"));
    m_batch = new QSpinBox(this);
    m_batch->setRange(1, 1 << 16);
    m_batch->setObjectName(QStringLiteral("planBatch"));
    m_largestBatch = new QCheckBox(tr("largest that fits"), this);
    m_largestBatch->setObjectName(QStringLiteral("planLargestBatch"));
    m_largestBatch->setToolTip(tr("Plan each GPU at the largest batch per GPU it holds"));
    m_size = new QSpinBox(this);
    m_size->setRange(8, 1 << 20);
    m_size->setObjectName(QStringLiteral("planSize"));
    m_precision = new QComboBox(this);
    m_precision->setObjectName(QStringLiteral("planPrecision"));
    for (auto p : {Precision::Fp32, Precision::Tf32, Precision::AmpFp16, Precision::AmpBf16, Precision::Bf16})
        m_precision->addItem(
            QString::fromUtf8(precisionId(p).data(), static_cast<int>(precisionId(p).size())),
            static_cast<int>(p));
    auto* add = new QPushButton(tr("Add"), this);
    add->setObjectName(QStringLiteral("planAdd"));
    add->setToolTip(tr("Add this workload to the list: the plan holds every workload listed"));
    m_workloadTable = new QTableWidget(0, 5, this);
    m_workloadTable->setObjectName(QStringLiteral("planWorkloads"));
    m_workloadTable->setAccessibleName(tr("Workloads to plan for"));
    m_workloadTable->setHorizontalHeaderLabels(
        {tr("Model"), tr("Method"), tr("Batch per GPU"), tr("Sequence / image"), tr("Precision")});
    m_workloadTable->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_workloadTable->horizontalHeader()->setStretchLastSection(true);
    m_workloadTable->verticalHeader()->hide();
    m_workloadTable->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_workloadTable->setMaximumHeight(5 * m_workloadTable->fontMetrics().lineSpacing() + 24);
    auto* remove = new QPushButton(tr("Remove"), this);

    auto* form = new QHBoxLayout;
    auto addField = [&](const QString& label, QWidget* field) {
        auto* l = new QLabel(label, this);
        l->setBuddy(field);
        if (field->accessibleName().isEmpty())
            field->setAccessibleName(QString(label).remove(QLatin1Char('&')));
        form->addWidget(l);
        form->addWidget(field);
    };
    addField(tr("&Model"), m_model);
    addField(tr("M&ethod"), m_method);
    addField(tr("&Batch per GPU"), m_batch);
    form->addWidget(m_largestBatch);
    addField(tr("&Sequence / image"), m_size);
    addField(tr("P&recision"), m_precision);
    form->addWidget(add);
    form->addStretch(1);
    auto* workloadsBox = new QGroupBox(tr("Workloads"), this);
    auto* workloadsLayout = new QVBoxLayout(workloadsBox);
    workloadsLayout->addLayout(form);
    auto* listRow = new QHBoxLayout;
    listRow->addWidget(m_workloadTable, 1);
    listRow->addWidget(remove, 0, Qt::AlignTop);
    workloadsLayout->addLayout(listRow);

    connect(m_model, &QComboBox::currentIndexChanged, this, &PlanDialog::modelChanged);
    connect(m_largestBatch, &QCheckBox::toggled, m_batch, &QWidget::setDisabled);
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
    constraints->addWidget(m_planButton, 0, 7, Qt::AlignRight);
    constraints->setColumnStretch(8, 1);
    auto* constraintsBox = new QGroupBox(tr("Budget and constraints"), this);
    constraintsBox->setLayout(constraints);
    connect(m_planButton, &QPushButton::clicked, this, &PlanDialog::plan);
    return constraintsBox;
}

void PlanDialog::makeResults(QVBoxLayout& layout) {
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

    auto* results = new QHBoxLayout;
    results->addWidget(m_proposalTable, 5);
    results->addWidget(m_details, 3);
    layout.addLayout(results, 1);
    layout.addWidget(m_summary);
    layout.addLayout(bottom);

    connect(m_proposalTable, &QTableWidget::itemSelectionChanged, this, [this] {
        m_openButton->setEnabled(m_proposalTable->currentRow() >= 0 && !m_running);
        showDetails();
    });
    connect(m_proposalTable, &QTableWidget::itemActivated, this, &PlanDialog::openSelected);
    connect(m_openButton, &QPushButton::clicked, this, &PlanDialog::openSelected);
    connect(m_compareButton, &QPushButton::clicked, this, &PlanDialog::compareShown);
    connect(close, &QDialogButtonBox::rejected, this, &QDialog::reject);
}

void PlanDialog::modelChanged() {
    const auto* zoo = findZooModel(m_model->currentText().toStdString());
    if (!zoo)
        return;
    const auto defaults = plan::defaultWorkloadFor(*zoo, plan::Build{}).planned.workload;
    const bool tokens = zoo->inputKind == ModelInputKind::Tokens;
    m_size->setValue(static_cast<int>(tokens ? defaults.inputs.seqLen : defaults.inputs.imageSize));
    m_size->setToolTip(tokens ? tr("Tokens per sample") : tr("Image height = width, pixels"));
    m_batch->setValue(static_cast<int>(defaults.inputs.batch));
    m_precision->setCurrentIndex(m_precision->findData(static_cast<int>(defaults.precision)));
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
    const auto* zoo = findZooModel(m_model->currentText().toStdString());
    if (!zoo)
        return;
    plan::PlanWorkload planned;
    auto& r = planned.workload;
    r = plan::defaultWorkloadFor(*zoo, plan::Build{}).planned.workload;
    r.inputs.batch = m_batch->value();
    if (zoo->inputKind == ModelInputKind::Tokens)
        r.inputs.seqLen = m_size->value();
    else
        r.inputs.imageSize = m_size->value();
    r.precision = static_cast<Precision>(m_precision->currentData().toInt());
    r.lora = {};
    if (m_method->currentIndex() != FullFineTune) {
        r.lora.rank = 16;
        fillDefaultLoraTargets(r);
        r.lora.quantizeBase4bit = m_method->currentIndex() == Qlora;
    }
    planned.largestBatch = m_largestBatch->isChecked();
    if (auto graph = buildWorkloadGraph(r); !graph) {
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
