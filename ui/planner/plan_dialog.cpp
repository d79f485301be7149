#include "plan_dialog.h"

#include "compare/compare_dialog.h"
#include "document/message_translation.h"

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

QTableWidgetItem* cell(const QString& text, Qt::Alignment alignment = Qt::AlignLeft | Qt::AlignVCenter) {
    auto* item = new QTableWidgetItem(text);
    item->setTextAlignment(alignment);
    item->setFlags(Qt::ItemIsSelectable | Qt::ItemIsEnabled);
    return item;
}

constexpr Qt::Alignment kNumber = Qt::AlignRight | Qt::AlignVCenter;

} // namespace

QString PlanDialog::durationText(double seconds) {
    if (seconds < 2 * 3600)
        return tr("%1 min").arg(seconds / 60, 0, 'f', 0);
    if (seconds < 3 * 86400)
        return tr("%1 h").arg(seconds / 3600, 0, 'f', 1);
    return tr("%1 days").arg(seconds / 86400, 0, 'f', 1);
}

QString PlanDialog::methodText(const ValidationRequest& r) {
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
    m_amps = new QDoubleSpinBox(this);
    m_amps->setRange(1, 400);
    m_amps->setDecimals(0);
    m_amps->setSuffix(tr(" A"));
    m_volts = new QDoubleSpinBox(this);
    m_volts->setRange(90, 480);
    m_volts->setDecimals(0);
    m_volts->setSuffix(tr(" V"));
    // A mainland China socket when the totals are in yuan, a North American one otherwise.
    const bool china = currency == QStringLiteral("CNY");
    m_amps->setValue(china ? 10 : 15);
    m_volts->setValue(china ? 220 : 120);
    m_amps->setToolTip(tr("One node's wall circuit: a continuous load may draw 80 % of it"));
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
    auto* circuit = new QWidget(this);
    auto* circuitLayout = new QHBoxLayout(circuit);
    circuitLayout->setContentsMargins(0, 0, 0, 0);
    circuitLayout->addWidget(m_amps);
    circuitLayout->addWidget(new QLabel(QStringLiteral("×"), circuit));
    circuitLayout->addWidget(m_volts);
    place(1, 0, tr("&Circuit"), circuit, m_amps);
    m_amps->setAccessibleName(tr("Circuit amps"));
    m_volts->setAccessibleName(tr("Circuit volts"));
    place(1, 1, tr("C&ase"), m_chassis);
    place(1, 2, tr("&GPUs per node at most"), m_maxGpus);
    place(1, 3, tr("&Nodes"), m_nodes);
    constraints->addWidget(m_planButton, 0, 7, Qt::AlignRight);
    constraints->setColumnStretch(8, 1);
    auto* constraintsBox = new QGroupBox(tr("Budget and constraints"), this);
    constraintsBox->setLayout(constraints);

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

    auto* layout = new QVBoxLayout(this);
    layout->addLayout(scenarioRow);
    layout->addWidget(workloadsBox);
    layout->addWidget(constraintsBox);
    auto* results = new QHBoxLayout;
    results->addWidget(m_proposalTable, 5);
    results->addWidget(m_details, 3);
    layout->addLayout(results, 1);
    layout->addWidget(m_summary);
    layout->addLayout(bottom);

    connect(m_scenario, &QComboBox::activated, this, &PlanDialog::useScenario);
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
    connect(m_planButton, &QPushButton::clicked, this, &PlanDialog::plan);
    connect(m_proposalTable, &QTableWidget::itemSelectionChanged, this, [this] {
        m_openButton->setEnabled(m_proposalTable->currentRow() >= 0 && !m_running);
        showDetails();
    });
    connect(m_proposalTable, &QTableWidget::itemActivated, this, &PlanDialog::openSelected);
    connect(m_openButton, &QPushButton::clicked, this, &PlanDialog::openSelected);
    connect(m_compareButton, &QPushButton::clicked, this, &PlanDialog::compareShown);
    connect(close, &QDialogButtonBox::rejected, this, &QDialog::reject);

    modelChanged();
    for (const auto& w : startWith)
        addWorkload({w, false});
    // Wide enough for the proposals' columns, within the screen.
    QSize size(1320, 780);
    if (const auto* screen = this->screen())
        size = size.boundedTo(screen->availableGeometry().size() * 0.95);
    resize(size);
}

void PlanDialog::modelChanged() {
    const auto* zoo = findZooModel(m_model->currentText().toStdString());
    if (!zoo)
        return;
    const auto defaults = plan::defaultWorkloadFor(*zoo, plan::Build{}).workload.request;
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
    m_amps->setValue(r.circuit.amps);
    m_volts->setValue(r.circuit.volts);
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
    auto& r = planned.workload.request;
    r = plan::defaultWorkloadFor(*zoo, plan::Build{}).workload.request;
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
    const auto& r = workload.workload.request;
    const int row = m_workloadTable->rowCount();
    m_workloadTable->insertRow(row);
    const auto* zoo = findZooModel(r.model);
    const bool tokens = !zoo || zoo->inputKind == ModelInputKind::Tokens;
    m_workloadTable->setItem(row, 0, cell(QString::fromStdString(workloadModelName(r))));
    m_workloadTable->setItem(row, 1, cell(methodText(r)));
    m_workloadTable->setItem(
        row, 2,
        cell(workload.largestBatch ? tr("largest that fits") : QString::number(r.inputs.batch), kNumber));
    m_workloadTable->setItem(
        row, 3,
        cell(tokens ? tr("%1 tokens").arg(r.inputs.seqLen) : tr("%1 × %1 px").arg(r.inputs.imageSize),
             kNumber));
    m_workloadTable->setItem(row, 4,
                             cell(QString::fromUtf8(precisionId(r.precision).data(),
                                                    static_cast<int>(precisionId(r.precision).size()))));
}

plan::PlanRequest PlanDialog::request() const {
    plan::PlanRequest request;
    request.workloads = m_workloads;
    request.budget = m_budget->value();
    request.cost = m_settings.costOptions();
    request.cost.today = QDate::currentDate().toString(Qt::ISODate).toStdString();
    request.usage = m_settings.usagePlan();
    request.mode = m_mode->currentIndex() == 1   ? plan::PlanMode::Rent
                   : m_mode->currentIndex() == 2 ? plan::PlanMode::Both
                                                 : plan::PlanMode::Own;
    request.ranking =
        m_ranking->currentIndex() == 1 ? plan::PlanRanking::ValuePerCost : plan::PlanRanking::TimeToTrain;
    request.circuit = {m_volts->value(), m_amps->value()};
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
    if (m_result->cheapestOverBudget)
        shown.push_back({&*m_result->cheapestOverBudget, tr("Cheapest, over budget")});
    return shown;
}

void PlanDialog::showResult(plan::PlanResult result) {
    m_result = std::move(result);
    const auto shown = shownProposals();
    m_proposalTable->setRowCount(0);
    for (const auto& [p, label] : shown) {
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
        auto* titleItem = cell(what);
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
        m_proposalTable->setItem(row, 1, cell(total, kNumber));
        m_proposalTable->setItem(
            row, 2,
            cell(durationText(p->rankSeconds) + (p->rankAssumesSamples ? QStringLiteral("*") : QString()),
                 kNumber));
        QStringList samples;
        for (const auto& w : p->workloads)
            samples << QLocale().toString(w.samplesPerSecond, 'f', w.samplesPerSecond < 10 ? 1 : 0);
        m_proposalTable->setItem(row, 3, cell(samples.join(QStringLiteral(" + ")), kNumber));
        m_proposalTable->setItem(
            row, 4, cell(p->rented ? QStringLiteral("–") : tr("%1 W").arg(p->wallWatts, 0, 'f', 0), kNumber));
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
        auto* againstItem = cell(against);
        againstItem->setToolTip(against);
        m_proposalTable->setItem(row, 5, againstItem);
    }
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
    for (const auto& w : p.workloads) {
        auto line =
            tr("%1: batch %2 per GPU").arg(QString::fromStdString(w.name).toHtmlEscaped()).arg(w.batchPerGpu);
        if (w.devicePeakBytes > 0)
            line += tr(", %1 of %2 GiB a GPU")
                        .arg(double(w.devicePeakBytes) / gib, 0, 'f', 1)
                        .arg(double(w.usableBytes) / gib, 0, 'f', 1);
        lines << line;
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
