#include "validation_runner.h"

#include <QCoreApplication>
#include <QDir>
#include <QFileInfo>

#include <csignal>
#include <memory>

namespace torchrig::ui {

ValidationRunner::ValidationRunner(QObject* parent)
    : QObject(parent)
    , m_workerPath(defaultWorkerPath()) {
    qRegisterMetaType<ValidationOutcome>();
    m_deadline.setSingleShot(true);
    m_killTimer.setSingleShot(true);
    connect(&m_deadline, &QTimer::timeout, this, [this] {
        m_outcome = ValidationOutcome{ValidationOutcome::Kind::TimedOut,
                                      {},
                                      tr("The run took longer than its time limit and was stopped.")};
        stop();
    });
    connect(&m_killTimer, &QTimer::timeout, this, [this] {
        if (m_process && m_process->state() != QProcess::NotRunning)
            m_process->kill();
    });
}

ValidationRunner::~ValidationRunner() {
    if (m_process && m_process->state() != QProcess::NotRunning) {
        m_process->disconnect(this);
        m_process->kill();
        m_process->waitForFinished(2000);
    }
}

QString ValidationRunner::defaultWorkerPath() {
    const auto fromEnvironment = qEnvironmentVariable("TORCHRIG_VALIDATE");
    if (!fromEnvironment.isEmpty())
        return fromEnvironment;
    return QDir(QCoreApplication::applicationDirPath()).filePath(QStringLiteral("torchrig-validate"));
}

namespace {

QString missingWorkerMessage(const QString& workerPath) {
    return ValidationRunner::tr("No worker at %1: this TorchRig was built without LibTorch, or the worker "
                                "was moved (set TORCHRIG_VALIDATE to its path)")
        .arg(workerPath);
}

ValidationRunner::Devices devicesOfProbe(const QByteArray& output, const QByteArray& errors) {
    for (const auto& line : output.split('\n'))
        if (line.contains("\"devices\""))
            return parseDevicesLine(line.toStdString());
    return makeError(ErrorCode::Io, ValidationRunner::tr("The worker's probe listed no devices: %1")
                                        .arg(QString::fromLocal8Bit(errors).trimmed())
                                        .toStdString());
}

} // namespace

void ValidationRunner::probeLater(const QString& workerPath, QObject* context,
                                  std::function<void(Devices)> done, int timeoutMs) {
    if (!QFileInfo(workerPath).isExecutable()) {
        QTimer::singleShot(0, context, [done, message = missingWorkerMessage(workerPath)] {
            done(makeError(ErrorCode::NotFound, message.toStdString()));
        });
        return;
    }
    // Owned by the context: a panel closed mid-probe takes the probe with it.
    auto* process = new QProcess(context);
    auto* deadline = new QTimer(process);
    deadline->setSingleShot(true);
    auto answered = std::make_shared<bool>(false);
    auto answer = [process, done, answered](Devices devices) {
        if (*answered)
            return;
        *answered = true;
        process->deleteLater();
        done(std::move(devices));
    };
    connect(deadline, &QTimer::timeout, process, [process, answer] {
        process->kill();
        answer(makeError(ErrorCode::Io, tr("The worker's probe did not answer").toStdString()));
    });
    connect(process, &QProcess::finished, process, [process, answer] {
        answer(devicesOfProbe(process->readAllStandardOutput(), process->readAllStandardError()));
    });
    connect(process, &QProcess::errorOccurred, process, [process, answer](QProcess::ProcessError error) {
        if (error == QProcess::FailedToStart)
            answer(makeError(ErrorCode::Io,
                             tr("The worker could not start: %1").arg(process->errorString()).toStdString()));
    });
    process->start(workerPath, {QStringLiteral("--probe")});
    deadline->start(timeoutMs);
}

bool ValidationRunner::isRunning() const {
    return !m_done;
}

bool ValidationRunner::start(const ValidationRequest& request) {
    if (!m_done)
        return false;
    m_done = false;
    m_outcome.reset();
    m_pending.clear();
    m_stderr.clear();
    if (!QFileInfo(m_workerPath).isExecutable()) {
        finish({ValidationOutcome::Kind::WorkerMissing,
                {},
                tr("No worker at %1: this TorchRig was built without LibTorch, or the worker was moved "
                   "(set TORCHRIG_VALIDATE to its path).")
                    .arg(m_workerPath)});
        return true;
    }
    delete m_process;
    m_process = new QProcess(this);
    connect(m_process, &QProcess::readyReadStandardOutput, this, &ValidationRunner::readLines);
    connect(m_process, &QProcess::readyReadStandardError, this,
            [this] { m_stderr += m_process->readAllStandardError(); });
    connect(m_process, &QProcess::finished, this, &ValidationRunner::processFinished);
    connect(m_process, &QProcess::errorOccurred, this, &ValidationRunner::processError);
    m_process->start(m_workerPath, {QStringLiteral("-")});
    m_process->write(QByteArray::fromStdString(validationRequestToJson(request)));
    m_process->closeWriteChannel();
    // The worker keeps its own limit; this one catches a worker that hangs past it.
    m_deadline.start(static_cast<int>(std::min(request.timeLimitSeconds + 10.0, 86400.0) * 1000));
    return true;
}

void ValidationRunner::cancel() {
    if (m_done || m_outcome)
        return;
    m_outcome = ValidationOutcome{ValidationOutcome::Kind::Cancelled, {}, tr("Cancelled.")};
    stop();
}

void ValidationRunner::stop() {
    if (!m_process || m_process->state() == QProcess::NotRunning)
        return;
    m_process->terminate(); // the worker stops at once on SIGTERM (its own test)
    m_killTimer.start(kCancelGraceMs);
}

void ValidationRunner::readLines() {
    m_pending += m_process->readAllStandardOutput();
    int newline;
    while ((newline = m_pending.indexOf('\n')) >= 0) {
        const auto line = m_pending.left(newline).trimmed();
        m_pending.remove(0, newline + 1);
        if (line.isEmpty() || m_outcome)
            continue;
        auto parsed = parseWorkerLine(line.toStdString());
        if (!parsed) {
            m_outcome = ValidationOutcome{
                ValidationOutcome::Kind::Garbage,
                {},
                tr("The worker wrote something that is not its protocol, so nothing it measured is "
                   "trusted: %1")
                    .arg(QString::fromStdString(parsed.error().message))};
            stop();
            return;
        }
        switch (parsed->type) {
        case WorkerLine::Type::Progress:
            Q_EMIT progress(QString::fromStdString(parsed->phase), parsed->step, parsed->elapsedSeconds);
            break;
        case WorkerLine::Type::Result:
            m_outcome = ValidationOutcome{ValidationOutcome::Kind::Measured, parsed->result, {}};
            break;
        case WorkerLine::Type::Error: {
            const auto message = QString::fromStdString(parsed->message);
            m_outcome = ValidationOutcome{parsed->errorKind == ValidationErrorKind::OutOfMemory
                                              ? ValidationOutcome::Kind::DoesNotFit
                                              : ValidationOutcome::Kind::Refused,
                                          {},
                                          message};
            break;
        }
        }
    }
}

void ValidationRunner::processFinished(int exitCode, QProcess::ExitStatus status) {
    readLines();
    m_deadline.stop();
    m_killTimer.stop();
    if (m_outcome) {
        finish(*m_outcome);
        return;
    }
    const auto lastWords = QString::fromLocal8Bit(m_stderr).trimmed().right(400);
    QString how = status == QProcess::CrashExit ? tr("it was killed or crashed")
                                                : tr("it exited with status %1").arg(exitCode);
    finish({ValidationOutcome::Kind::Crashed,
            {},
            tr("The worker stopped without a result: %1.%2")
                .arg(how, lastWords.isEmpty() ? QString() : QStringLiteral(" ") + lastWords)});
}

void ValidationRunner::processError(QProcess::ProcessError error) {
    if (error == QProcess::FailedToStart)
        finish({ValidationOutcome::Kind::WorkerMissing,
                {},
                tr("The worker at %1 could not be started: %2").arg(m_workerPath, m_process->errorString())});
}

void ValidationRunner::finish(ValidationOutcome outcome) {
    if (m_done)
        return;
    m_done = true;
    m_deadline.stop();
    m_killTimer.stop();
    Q_EMIT finished(outcome);
}

} // namespace torchrig::ui
