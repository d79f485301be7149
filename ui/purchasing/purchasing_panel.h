#pragma once
// The purchasing side of a build, as the sheet prints it: who asks (requester, group, budget
// code and its amount), the vendors' quotes (a quote tied to a part is that part's unit price on the sheet
// and in every total, marked as a quote) and the build's notes. Every edit is an undoable command.

#include <QWidget>

class QDoubleSpinBox;
class QFormLayout;
class QLineEdit;
class QPlainTextEdit;
class QPushButton;
class QTableView;

namespace torchrig::ui {

class BuildDocument;
class QuotesModel;

class PurchasingPanel : public QWidget {
    Q_OBJECT
public:
    explicit PurchasingPanel(BuildDocument& document, QWidget* parent = nullptr);

    QLineEdit* requesterEdit() const { return m_requester; }
    QLineEdit* groupEdit() const { return m_group; }
    QLineEdit* budgetCodeEdit() const { return m_budgetCode; }
    QDoubleSpinBox* budgetEdit() const { return m_budget; }
    QPlainTextEdit* notesEdit() const { return m_notes; }
    QTableView* quotesTable() const { return m_quotes; }
    QuotesModel* quotesModel() const { return m_model; }
    QPushButton* addQuoteButton() const { return m_addQuote; }
    QPushButton* removeQuoteButton() const { return m_removeQuote; }
    // The line edit of the office's field `label` (Preferences' template, or the build's own), or null.
    QLineEdit* fieldEdit(const QString& label) const;
    // Reads the template's fields and the currency from Preferences (at start and after they
    // change, not on every edit) and asks those fields beside the build's own.
    void showRequiredFields();

private:
    void load(); // the document's fields into the widgets, unless the user is typing in them
    void buildFieldRows(const QStringList& labels);
    void setUpBudget();

    BuildDocument& m_document;
    QLineEdit* m_requester = nullptr;
    QLineEdit* m_group = nullptr;
    QLineEdit* m_budgetCode = nullptr;
    QDoubleSpinBox* m_budget = nullptr; // the budget code's amount (0: not given)
    QPlainTextEdit* m_notes = nullptr;
    QTableView* m_quotes = nullptr;
    QuotesModel* m_model = nullptr;
    QPushButton* m_addQuote = nullptr;
    QPushButton* m_removeQuote = nullptr;
    QFormLayout* m_fieldsForm = nullptr; // the office's own fields, one row each
    QStringList m_fieldLabels;
    QStringList m_templateLabels; // Preferences' required fields, as last read
    QString m_preferredCurrency;  // Preferences' currency: a new budget's, as last read
    QList<QLineEdit*> m_fieldEdits;
};

} // namespace torchrig::ui
