#include "purchasing_panel.h"

#include "document/build_document.h"
#include "quotes_model.h"
#include "settings/planning_settings.h"

#include <QComboBox>
#include <QDoubleSpinBox>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QRegularExpressionValidator>
#include <QStyledItemDelegate>
#include <QTableView>
#include <QVBoxLayout>

#include <algorithm>

namespace torchrig::ui {

namespace {

// Editors that cannot take a wrong value: the build's parts to choose from, an amount, a currency
// code, a date.
class QuoteDelegate : public QStyledItemDelegate {
public:
    QuoteDelegate(BuildDocument& document, QObject* parent)
        : QStyledItemDelegate(parent)
        , m_document(document) {}

    QWidget* createEditor(QWidget* parent, const QStyleOptionViewItem& option,
                          const QModelIndex& index) const override {
        switch (index.column()) {
        case QuotesModel::PartColumn: {
            auto* box = new QComboBox(parent);
            box->addItem(QuotesModel::tr("the whole build"), QString());
            for (const auto& part : m_document.build().parts)
                box->addItem(QString::fromStdString(part.snapshot.name), QString::fromStdString(part.partId));
            return box;
        }
        case QuotesModel::AmountColumn: {
            auto* box = new QDoubleSpinBox(parent);
            box->setRange(0, 1e12);
            box->setDecimals(2);
            box->setGroupSeparatorShown(true);
            return box;
        }
        case QuotesModel::CurrencyColumn: {
            auto* edit = new QLineEdit(parent);
            edit->setValidator(
                new QRegularExpressionValidator(QRegularExpression(QStringLiteral("[A-Z]{3}")), edit));
            edit->setPlaceholderText(QStringLiteral("CNY"));
            return edit;
        }
        case QuotesModel::DateColumn:
        case QuotesModel::ValidUntilColumn: {
            auto* edit = new QLineEdit(parent);
            edit->setValidator(new QRegularExpressionValidator(
                QRegularExpression(QStringLiteral("\\d{4}-\\d{2}-\\d{2}")), edit));
            edit->setPlaceholderText(QStringLiteral("YYYY-MM-DD"));
            return edit;
        }
        default: return QStyledItemDelegate::createEditor(parent, option, index);
        }
    }

    void setEditorData(QWidget* editor, const QModelIndex& index) const override {
        if (auto* box = qobject_cast<QComboBox*>(editor)) {
            box->setCurrentIndex(std::max(0, box->findData(index.data(QuotesModel::PartIdRole))));
            return;
        }
        QStyledItemDelegate::setEditorData(editor, index);
    }

    void setModelData(QWidget* editor, QAbstractItemModel* model, const QModelIndex& index) const override {
        if (auto* box = qobject_cast<QComboBox*>(editor)) {
            model->setData(index, box->currentData(), Qt::EditRole);
            return;
        }
        QStyledItemDelegate::setModelData(editor, model, index);
    }

private:
    BuildDocument& m_document;
};

} // namespace

PurchasingPanel::PurchasingPanel(BuildDocument& document, QWidget* parent)
    : QWidget(parent)
    , m_document(document)
    , m_requester(new QLineEdit(this))
    , m_group(new QLineEdit(this))
    , m_budgetCode(new QLineEdit(this))
    , m_budget(new QDoubleSpinBox(this))
    , m_notes(new QPlainTextEdit(this))
    , m_quotes(new QTableView(this))
    , m_model(new QuotesModel(document, this))
    , m_addQuote(new QPushButton(tr("Add quote"), this))
    , m_removeQuote(new QPushButton(tr("Remove quote"), this)) {
    for (auto* edit : {m_requester, m_group, m_budgetCode})
        edit->setMaxLength(1000); // well inside what a build file keeps of a name (4,096 bytes)
    m_requester->setAccessibleName(tr("Requester"));
    m_group->setAccessibleName(tr("Group"));
    m_group->setPlaceholderText(tr("the lab or group that buys"));
    m_budgetCode->setAccessibleName(tr("Budget code"));
    m_budgetCode->setPlaceholderText(tr("the grant or budget the purchase is charged to"));
    setUpBudget();
    m_notes->setAccessibleName(tr("Notes"));
    m_notes->setPlaceholderText(tr("What the purchasing office should know (printed on the sheet)"));
    m_notes->setTabChangesFocus(true);
    m_quotes->setModel(m_model);
    m_quotes->setItemDelegate(new QuoteDelegate(document, this));
    m_quotes->setAccessibleName(tr("Vendor quotes"));
    m_quotes->setToolTip(tr("A quote for a part is that part's unit price on the sheet and in every total"));
    m_quotes->verticalHeader()->hide();
    m_quotes->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_quotes->horizontalHeader()->setStretchLastSection(true);
    m_quotes->setSelectionBehavior(QAbstractItemView::SelectRows);

    auto* form = new QFormLayout;
    form->setRowWrapPolicy(QFormLayout::WrapLongRows);
    form->addRow(tr("Requester:"), m_requester);
    form->addRow(tr("Group:"), m_group);
    form->addRow(tr("Budget code:"), m_budgetCode);
    form->addRow(tr("Budget:"), m_budget);
    m_fieldsForm = new QFormLayout;
    m_fieldsForm->setRowWrapPolicy(QFormLayout::WrapLongRows);
    auto* buttons = new QHBoxLayout;
    buttons->addWidget(m_addQuote);
    buttons->addWidget(m_removeQuote);
    buttons->addStretch(1);
    auto* layout = new QVBoxLayout(this);
    layout->addLayout(form);
    layout->addLayout(m_fieldsForm);
    layout->addWidget(new QLabel(tr("Vendor quotes:"), this));
    layout->addWidget(m_quotes, 2);
    layout->addLayout(buttons);
    layout->addWidget(new QLabel(tr("Notes:"), this));
    layout->addWidget(m_notes, 1);

    // Typing in one field is one undo step.
    auto field = [this](QLineEdit* edit, const QString& label, MergeField merge,
                        std::string plan::Purchasing::*member) {
        connect(edit, &QLineEdit::textEdited, this, [this, label, merge, member](const QString& text) {
            m_document.edit(label, [&](plan::Build& b) { b.purchasing.*member = text.toStdString(); },
                            {merge});
        });
    };
    field(m_requester, tr("Change the requester"), MergeField::Requester, &plan::Purchasing::requester);
    field(m_group, tr("Change the group"), MergeField::Group, &plan::Purchasing::group);
    field(m_budgetCode, tr("Change the budget code"), MergeField::BudgetCode, &plan::Purchasing::budgetCode);
    connect(m_notes, &QPlainTextEdit::textChanged, this, [this] {
        const auto text = m_notes->toPlainText().toStdString();
        if (text != m_document.build().notes)
            m_document.edit(tr("Change the notes"), [&](plan::Build& b) { b.notes = text; },
                            {MergeField::Notes});
    });
    connect(m_addQuote, &QPushButton::clicked, this, [this] {
        m_model->addQuote(PlanningSettings::load().currency);
        m_quotes->setCurrentIndex(m_model->index(m_model->rowCount() - 1, QuotesModel::VendorColumn));
        m_quotes->edit(m_quotes->currentIndex());
    });
    connect(m_removeQuote, &QPushButton::clicked, this, [this] {
        if (m_quotes->currentIndex().isValid())
            m_model->removeQuote(m_quotes->currentIndex().row());
    });
    connect(&m_document, &BuildDocument::buildChanged, this, &PurchasingPanel::load);
    showRequiredFields();
}

// The budget code's amount: one undo step however it is typed, in the build's budget currency
// once it has one, else the currency of Preferences.
void PurchasingPanel::setUpBudget() {
    m_budget->setRange(0, 1e12); // as a build file takes an amount
    m_budget->setDecimals(2);
    m_budget->setGroupSeparatorShown(true);
    m_budget->setSpecialValueText(tr("not given"));
    m_budget->setAccessibleName(tr("Budget"));
    m_budget->setToolTip(tr("The budget code's amount: the sheet holds the total against it"));
    connect(m_budget, &QDoubleSpinBox::valueChanged, this, [this](double amount) {
        const auto& buying = m_document.build().purchasing;
        if (amount == buying.budget)
            return;
        const auto currency =
            buying.budgetCurrency.empty() ? m_preferredCurrency.toStdString() : buying.budgetCurrency;
        m_document.edit(tr("Change the budget"),
                        [&](plan::Build& b) {
                            b.purchasing.budget = amount;
                            b.purchasing.budgetCurrency = amount > 0 ? currency : std::string();
                        },
                        {MergeField::Budget});
    });
}

QLineEdit* PurchasingPanel::fieldEdit(const QString& label) const {
    const auto at = m_fieldLabels.indexOf(label);
    return at < 0 ? nullptr : m_fieldEdits[at];
}

// One row a field: typing in it is one undo step, and a field the build has not answered yet is
// added to it on the first key.
void PurchasingPanel::buildFieldRows(const QStringList& labels) {
    while (m_fieldsForm->rowCount() > 0)
        m_fieldsForm->removeRow(0);
    m_fieldEdits.clear();
    m_fieldLabels = labels;
    for (int i = 0; i < labels.size(); ++i) {
        auto* edit = new QLineEdit(this);
        edit->setMaxLength(1000);
        edit->setAccessibleName(labels[i]);
        const auto label = labels[i].toStdString();
        connect(edit, &QLineEdit::textEdited, this, [this, label, i](const QString& text) {
            m_document.edit(tr("Change %1").arg(QString::fromStdString(label)),
                            [&](plan::Build& b) {
                                auto& fields = b.purchasing.fields;
                                auto field = std::find_if(fields.begin(), fields.end(),
                                                          [&](const auto& f) { return f.label == label; });
                                if (field == fields.end())
                                    fields.push_back({label, text.toStdString()});
                                else
                                    field->value = text.toStdString();
                            },
                            {MergeField::PurchaseField, i});
        });
        m_fieldsForm->addRow(tr("%1:").arg(labels[i]), edit);
        m_fieldEdits.push_back(edit);
    }
}

void PurchasingPanel::showRequiredFields() {
    const auto settings = PlanningSettings::load();
    m_preferredCurrency = settings.currency;
    m_templateLabels.clear();
    for (const auto& label : settings.requiredFieldLabels())
        if (!m_templateLabels.contains(QString::fromStdString(label)))
            m_templateLabels << QString::fromStdString(label);
    load();
}

void PurchasingPanel::load() {
    const auto& buying = m_document.build().purchasing;
    // A field being typed in keeps its cursor: only an undo or another build changes it.
    auto set = [](QLineEdit* edit, const std::string& value) {
        const auto text = QString::fromStdString(value);
        if (edit->text() != text)
            edit->setText(text);
    };
    // The office's fields: the template's, then any other the build answers.
    auto labels = m_templateLabels;
    for (const auto& field : buying.fields)
        if (!labels.contains(QString::fromStdString(field.label)))
            labels << QString::fromStdString(field.label);
    if (labels != m_fieldLabels)
        buildFieldRows(labels);
    for (int i = 0; i < m_fieldLabels.size(); ++i) {
        std::string value;
        for (const auto& field : buying.fields)
            if (field.label == m_fieldLabels[i].toStdString())
                value = field.value;
        set(m_fieldEdits[i], value);
    }
    set(m_requester, buying.requester);
    set(m_group, buying.group);
    set(m_budgetCode, buying.budgetCode);
    if (m_budget->value() != buying.budget) {
        const QSignalBlocker quiet(m_budget);
        m_budget->setValue(buying.budget);
    }
    const auto currency =
        buying.budgetCurrency.empty() ? m_preferredCurrency : QString::fromStdString(buying.budgetCurrency);
    m_budget->setSuffix(QStringLiteral(" ") + currency);
    const auto notes = QString::fromStdString(m_document.build().notes);
    if (m_notes->toPlainText() != notes) {
        const QSignalBlocker quiet(m_notes);
        m_notes->setPlainText(notes);
    }
    m_removeQuote->setEnabled(m_model->rowCount() > 0);
}

} // namespace torchrig::ui
