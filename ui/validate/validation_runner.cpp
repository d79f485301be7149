#include "validation_runner.h"

#include "paths.h"

#include <QCoreApplication>
#include <QDir>
#include <QFileInfo>

#include <algorithm>
#include <csignal>
#include <cstring>
#include <memory>

namespace torchrig::ui {

ValidationRunner::ValidationRunner(QObject* parent)
    : QObject(parent)
    , m_workerPath(defaultWorkerPath()) {
    qRegisterMetaType<ValidationOutcome>();
    m_deadline.setSingleShot(true);
    m_silence.setSingleShot(true);
    m_killTimer.setSingleShot(true);
    connect(&m_deadline, &QTimer::timeout, this, [this] {
        if (!m_output || !m_output->decision()) // else it answered and did not exit: its answer stands
            m_stopped = workerPastDeadline(m_limits);
        stop();
    });
    connect(&m_silence, &QTimer::timeout, this, [this] {
        if (m_output && m_output->decision())
            return;
        m_stopped = workerSilent(m_limits, m_output && m_output->linesRead() > 0);
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
    return QString::fromStdString(db::defaultWorkerPath().string());
}

namespace {

int milliseconds(double seconds) {
    return static_cast<int>(std::clamp(seconds, 0.0, 7.0 * 24 * 3600) * 1000);
}

QString missingWorkerMessage(const QString& workerPath) {
    return ValidationRunner::tr("No worker at %1: this TorchRig was built without LibTorch, or the worker "
                                "was moved (set TORCHRIG_VALIDATE to its path)")
        .arg(workerPath);
}

// What the user reads, in their language: the kind and the facts come from validation/worker_ending.h, as
// the command line's do.
QString describe(const WorkerEnding& ending, const QByteArray& errorOutput) {
    using Kind = WorkerEnding::Kind;
    const auto said = QString::fromStdString(ending.message);
    switch (ending.kind) {
    case Kind::Measured: return {};
    case Kind::DoesNotFit:
    case Kind::Refused: return said;
    case Kind::Cancelled: return ValidationRunner::tr("Cancelled.");
    case Kind::TimedOut:
        switch (ending.limit) {
        case WorkerEnding::Limit::SilentAtStart:
        case WorkerEnding::Limit::SilentBetweenLines:
            return ValidationRunner::tr(
                       "The worker wrote nothing for %1 s and was stopped: it hangs (a device or driver that "
                       "does not answer, or a program that is not torchrig-validate). Run it again; if it "
                       "hangs again, check the device with 'torchrig-validate --probe', or set "
                       "TORCHRIG_WORKER_SILENCE_SECONDS to wait longer.")
                .arg(ending.limitValue);
        case WorkerEnding::Limit::Overall:
            return ValidationRunner::tr("The worker was still running %1 s after it started, past the run's "
                                        "time limit and a margin, and was stopped; nothing was measured. "
                                        "Measure fewer steps or give the run a longer time limit.")
                .arg(ending.limitValue);
        default: return ValidationRunner::tr("The run took longer than its time limit and was stopped.");
        }
    case Kind::Garbage:
        if (ending.limit == WorkerEnding::Limit::LineLength)
            return ValidationRunner::tr("The worker wrote a line longer than %1 MiB and was stopped; nothing "
                                        "it measured is trusted. Check that TORCHRIG_VALIDATE names "
                                        "torchrig-validate.")
                .arg(ending.limitValue / (1 << 20));
        return said.left(1).toUpper() + said.mid(1) + QStringLiteral(".");
    case Kind::WorkerMissing: return said;
    case Kind::Crashed: break;
    }
    const auto lastWords = QString::fromLocal8Bit(errorOutput).trimmed().right(400);
    const auto tail = lastWords.isEmpty() ? QString() : QStringLiteral(" ") + lastWords;
    if (!ending.signal)
        return ValidationRunner::tr("The worker stopped without a result: it exited with status %1.%2")
            .arg(ending.exitStatus.value_or(0))
            .arg(tail);
    auto text =
        ValidationRunner::tr("The worker stopped without a result: it was killed or crashed (signal %1, %2).")
            .arg(*ending.signal)
            .arg(QString::fromLocal8Bit(strsignal(*ending.signal)));
    if (ending.errorKind == ValidationErrorKind::OutOfMemory)
        text += ValidationRunner::tr(
            " On Linux that is most often the kernel's out-of-memory killer: the run needs "
            "more RAM than is free.");
    return text + tail;
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
    // Not the context's child: a child QProcess is destroyed after its parent's own members are,
    // and its last signals (the kill as it dies) would call `done` on a panel half gone. Instead
    // the context's end silences the probe, kills it and lets it go.
    auto* process = new QProcess;
    auto* deadline = new QTimer(process);
    deadline->setSingleShot(true);
    auto answered = std::make_shared<bool>(false);
    connect(context, &QObject::destroyed, process, [process, answered] {
        *answered = true;
        process->disconnect();
        if (process->state() != QProcess::NotRunning) {
            process->kill();
            process->waitForFinished(2000);
        }
        process->deleteLater();
    });
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
    m_stopped.reset();
    m_limits = workerLimitsFor(request.timeLimitSeconds);
    m_output.emplace(
        [this](const WorkerLine& line) {
            Q_EMIT progress(QString::fromStdString(line.phase), line.step, line.elapsedSeconds);
        },
        expectationOf(request, false), m_limits.lineCapBytes);
    m_output->handOnHeartbeats(); // the seconds move while the model is built
    m_stderr.clear();
    if (!QFileInfo(m_workerPath).isExecutable()) {
        finish(workerNotStarted(missingWorkerMessage(m_workerPath).toStdString()));
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
    m_process->write(QByteArray::fromStdString(validationRequestToJson(request) + "\n")); // one JSON line
    m_process->closeWriteChannel();
    // The worker keeps its own limit; these catch a worker that hangs, or runs on past it.
    m_deadline.start(milliseconds(m_limits.overallSeconds));
    m_silence.start(milliseconds(m_limits.silenceSeconds));
    return true;
}

void ValidationRunner::cancel() {
    if (m_done || m_stopped || (m_output && m_output->decision()))
        return;
    m_stopped = workerStopped(WorkerEnding::Kind::Cancelled);
    stop();
}

void ValidationRunner::stop() {
    if (!m_process || m_process->state() == QProcess::NotRunning)
        return;
    m_process->terminate(); // the worker stops at once on SIGTERM (its own test)
    m_killTimer.start(kCancelGraceMs);
}

void ValidationRunner::readLines() {
    if (m_stopped)
        return;
    const auto bytes = m_process->readAllStandardOutput();
    const bool decidedBefore = m_output->decision().has_value();
    const auto linesBefore = m_output->linesRead();
    m_output->feed(std::string_view(bytes.constData(), static_cast<std::size_t>(bytes.size())));
    if (m_output->linesRead() != linesBefore && !m_output->decision())
        m_silence.start(milliseconds(m_limits.silenceSeconds));
    if (decidedBefore || !m_output->decision())
        return;
    m_silence.stop();
    // Garbage (an endless line too) ends the run at once: nothing more it says is trusted. An
    // answer leaves the worker a few seconds to exit.
    if (m_output->decision()->kind == WorkerEnding::Kind::Garbage)
        stop();
    else
        m_deadline.start(milliseconds(m_limits.afterDecisionSeconds));
}

void ValidationRunner::processFinished(int exitCode, QProcess::ExitStatus status) {
    readLines();
    m_output->endOfOutput();
    m_deadline.stop();
    m_silence.stop();
    m_killTimer.stop();
    // On Linux a crashed QProcess's exit code is the signal it died on.
    finish(m_stopped
               ? *m_stopped
               : workerEndingAfterExit(
                     *m_output, status == QProcess::CrashExit ? std::optional<int>(exitCode) : std::nullopt,
                     exitCode));
}

void ValidationRunner::processError(QProcess::ProcessError error) {
    if (error == QProcess::FailedToStart)
        finish(workerNotStarted(tr("The worker at %1 could not be started: %2")
                                    .arg(m_workerPath, m_process->errorString())
                                    .toStdString()));
}

void ValidationRunner::finish(const WorkerEnding& ending) {
    if (m_done)
        return;
    m_done = true;
    m_deadline.stop();
    m_silence.stop();
    m_killTimer.stop();
    Q_EMIT finished(ValidationOutcome{ending.kind, ending.result, describe(ending, m_stderr)});
}

} // namespace torchrig::ui
