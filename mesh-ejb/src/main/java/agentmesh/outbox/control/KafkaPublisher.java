package agentmesh.outbox.control;

import agentmesh.kafka.KafkaSettings;
import agentmesh.testfaults.PublishFaults;
import agentmesh.tracing.TraceContext;
import agentmesh.tracing.TraceHeaders;
import agentmesh.tracing.Tracing;
import io.opentelemetry.api.common.AttributeKey;
import io.opentelemetry.api.common.Attributes;
import io.opentelemetry.api.trace.Span;
import io.opentelemetry.api.trace.SpanKind;
import io.opentelemetry.api.trace.StatusCode;
import jakarta.annotation.PostConstruct;
import jakarta.annotation.PreDestroy;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;
import java.util.logging.Logger;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.Producer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.clients.producer.RecordMetadata;
import org.apache.kafka.common.InvalidRecordException;
import org.apache.kafka.common.KafkaException;
import org.apache.kafka.common.errors.AuthenticationException;
import org.apache.kafka.common.errors.AuthorizationException;
import org.apache.kafka.common.errors.RecordBatchTooLargeException;
import org.apache.kafka.common.errors.RecordTooLargeException;
import org.apache.kafka.common.errors.RetriableException;
import org.apache.kafka.common.errors.SerializationException;
import org.apache.kafka.common.errors.TimeoutException;
import org.apache.kafka.common.serialization.StringSerializer;

/**
 * The server's one Kafka producer: transactional (so idempotent), {@code acks=all}, records keyed by recipient so
 * that one recipient's events share a partition and keep their order there.
 *
 * <p>A round's runs go out in one Kafka transaction, and the consumers read committed records only: a round is on
 * the topic all or not at all. Idempotence alone does not keep a run in order: when a record of a run fails (its
 * delivery times out while the broker is away), the producer starts its sequence afresh and the records after it
 * can still be written — the run then stands on the topic with a gap before them, and the retried record lands
 * after them (the KafkaOutageIT tests caught exactly this). In a transaction, such a round is aborted: nothing of it
 * is read, and the next round publishes the run again from its head, in order. A run also stops at a record the
 * producer refuses at once (too large, say): the ones after it are not handed over at all.
 *
 * <p>The transactional id is stable per server instance ({@code mesh.outbox.transactional-id}), so a restarted
 * server fences and aborts what its crashed self left open at once, instead of the consumers waiting for the
 * transaction timeout.
 */
@ApplicationScoped
public class KafkaPublisher {

    private static final Logger LOG = Logger.getLogger(KafkaPublisher.class.getName());
    private static final Duration SEND_TIMEOUT = KafkaSettings.DELIVERY_TIMEOUT;

    @Inject
    OutboxConfig config;

    @Inject
    KafkaSettings kafka;

    @Inject
    PublishFaults faults;

    @Inject
    Tracing tracing;

    private Supplier<Producer<String, String>> producers;
    private Producer<String, String> producer;
    private boolean initialized;
    private String topic;
    // The send spans of the round under way, by event id; made only for a round with traced events.
    private Map<Long, Span> sendSpans;

    protected KafkaPublisher() {}

    /** A publisher on producers from the given source (the unit tests' {@code MockProducer}). */
    KafkaPublisher(Supplier<Producer<String, String>> producers, String topic, PublishFaults faults) {
        this.producers = producers;
        this.topic = topic;
        this.faults = faults;
        this.tracing = new Tracing(); // off
    }

    @PostConstruct
    void configure() {
        topic = config.topic();
    }

    @PreDestroy
    void close() {
        if (producer != null) {
            producer.close(Duration.ofSeconds(5));
        }
    }

    /**
     * Publishes the runs in one transaction and waits for its commit.
     *
     * @return by event id, what became of the events: all handed over are {@link Publication.Sent} once the
     *         transaction commits; in an aborted round the event at fault is {@link Publication.Refused} or
     *         {@link Publication.BrokerUnavailable} and the others have no entry (nothing of them was published);
     *         a run that stopped at an injected test fault has no entries after it
     */
    public synchronized Map<Long, Publication> publish(List<List<OutboxRecord>> runs) {
        Map<Long, Publication> outcomes = new LinkedHashMap<>();
        try {
            return publish(runs, outcomes);
        } finally {
            endSendSpans(outcomes);
        }
    }

    private Map<Long, Publication> publish(List<List<OutboxRecord>> runs, Map<Long, Publication> outcomes) {
        try {
            Producer<String, String> kafka = producer();
            kafka.beginTransaction();
            Map<Long, Future<RecordMetadata>> acks = handOver(kafka, runs, outcomes);
            if (acks == null) {
                abort(kafka); // a record refused at hand-over dooms the transaction; only it is to blame
                return outcomes;
            }
            for (Map.Entry<Long, Future<RecordMetadata>> ack : acks.entrySet()) {
                Publication failure = failure(ack.getValue());
                if (failure != null) {
                    abort(kafka); // nothing of this round is published: only the event at fault says why
                    outcomes.put(ack.getKey(), mayBeCollateral(failure));
                    return outcomes;
                }
            }
            kafka.commitTransaction();
            acks.keySet().forEach(id -> outcomes.put(id, Publication.SENT));
            return outcomes;
        } catch (KafkaException e) {
            if (initialized) {
                discard(); // a producer whose handshake only timed out is kept for the next try
            }
            runs.stream().flatMap(List::stream).findFirst().ifPresent(first -> outcomes.put(first.id(), classify(e)));
            return outcomes;
        }
    }

    /**
     * Each run in order. A record the producer refuses at once (too large for its {@code max.request.size}, not
     * serialisable) is that record's own fault: it alone is named, and null says the round is over, for the
     * producer's transaction is in error from then on (the real producer fails the returned future, the mock one
     * throws). A broker out of reach ends the hand-over too. A test fault ends only its run.
     */
    private Map<Long, Future<RecordMetadata>> handOver(
            Producer<String, String> kafka, List<List<OutboxRecord>> runs, Map<Long, Publication> refusals) {
        Map<Long, Future<RecordMetadata>> acks = new LinkedHashMap<>();
        for (List<OutboxRecord> run : runs) {
            for (OutboxRecord event : run) {
                if (faults.fails(event.key())) {
                    refusals.put(
                            event.id(),
                            new Publication.Refused("injected publish failure for key " + event.key(), false));
                    break;
                }
                Future<RecordMetadata> ack;
                ProducerRecord<String, String> record = new ProducerRecord<>(topic, event.key(), event.payload());
                sending(event, record);
                try {
                    ack = kafka.send(record);
                } catch (KafkaException e) {
                    if (e instanceof RetriableException) {
                        throw e; // the broker is away: the round is over
                    }
                    refusals.put(event.id(), classify(e));
                    return null;
                }
                Publication refusedAtOnce = ack.isDone() ? failure(ack) : null;
                if (refusedAtOnce != null) {
                    refusals.put(event.id(), refusedAtOnce);
                    return null;
                }
                acks.put(event.id(), ack);
            }
        }
        return acks;
    }

    /**
     * The event's {@code send} span (PRODUCER), child of its create span, and its context in the record's
     * {@code traceparent}/{@code tracestate} headers, where the consumer finds it. Earlier refusals of the event are
     * on the span as an event ({@code mesh.outbox.retried}, with the attempts so far). Nothing for an event made
     * untraced while tracing is off.
     */
    private void sending(OutboxRecord event, ProducerRecord<String, String> record) {
        Span span = tracing.messaging(
                "send",
                SpanKind.PRODUCER,
                topic,
                event.trace() == null ? null : event.trace().asParent());
        if (span == null) {
            return;
        }
        TraceContext sent = tracing.handedOn(span);
        if (sent != null) {
            record.headers().add(TraceHeaders.TRACEPARENT, sent.traceparent().getBytes(StandardCharsets.US_ASCII));
            if (sent.tracestate() != null) {
                record.headers().add(TraceHeaders.TRACESTATE, sent.tracestate().getBytes(StandardCharsets.US_ASCII));
            }
        }
        if (span.isRecording()) {
            span.setAttribute(Tracing.MESSAGE_ID, eventId(event.payload()))
                    .setAttribute(Tracing.RECIPIENT, event.key())
                    .setAttribute("mesh.outbox.id", event.id());
            if (event.attempts() > 0) {
                span.addEvent("mesh.outbox.retried", Attributes.of(AttributeKey.longKey("mesh.outbox.attempts"), (long)
                        event.attempts()));
            }
        }
        if (sendSpans == null) {
            sendSpans = new HashMap<>();
        }
        sendSpans.put(event.id(), span);
    }

    // Each send span ends with its event's outcome: published, refused (its attempt counts), or not published with
    // the round (the broker away, or another event's fault aborted it): tried again in a later round.
    private void endSendSpans(Map<Long, Publication> outcomes) {
        if (sendSpans == null) {
            return;
        }
        sendSpans.forEach((id, span) -> {
            Publication outcome = outcomes.get(id);
            if (outcome instanceof Publication.Refused refused) {
                span.addEvent(
                        "mesh.outbox.refused",
                        Attributes.of(
                                AttributeKey.stringKey("mesh.outbox.reason"), refused.reason(),
                                AttributeKey.booleanKey("mesh.outbox.for_good"), refused.forGood()));
                span.setStatus(StatusCode.ERROR, "refused by Kafka");
            } else if (outcome instanceof Publication.BrokerUnavailable unavailable) {
                span.addEvent(
                        "mesh.outbox.broker_unavailable",
                        Attributes.of(AttributeKey.stringKey("mesh.outbox.reason"), unavailable.reason()));
                span.setStatus(StatusCode.ERROR, "broker unavailable");
            } else if (outcome == null) {
                span.addEvent("mesh.outbox.round_aborted");
                span.setStatus(StatusCode.ERROR, "not published in this round");
            }
            span.end();
        });
        sendSpans = null;
    }

    // The event's id from its text, without parsing it (the envelope's second field): for the span only.
    private static String eventId(String payload) {
        int start = payload.indexOf("\"eventId\":\"");
        if (start < 0) {
            return "";
        }
        start += "\"eventId\":\"".length();
        int end = payload.indexOf('"', start);
        return end < 0 ? "" : payload.substring(start, end);
    }

    private static Publication failure(Future<RecordMetadata> ack) {
        try {
            ack.get(SEND_TIMEOUT.toMillis() + 1_000, TimeUnit.MILLISECONDS);
            return null;
        } catch (ExecutionException e) {
            return classify(e.getCause());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return new Publication.BrokerUnavailable("interrupted while waiting for Kafka");
        } catch (java.util.concurrent.TimeoutException e) {
            return new Publication.BrokerUnavailable("no acknowledgement from Kafka within " + SEND_TIMEOUT);
        }
    }

    // A record that fails after hand-over may only share the fate of another in its batch (the producer fails a
    // whole batch, and aborts the batches not yet sent with the first error): it counts an attempt, never dies at
    // once. The mesh's own size check keeps records that could never fit out of the outbox in the first place.
    private static Publication mayBeCollateral(Publication failure) {
        return failure instanceof Publication.Refused refused
                ? new Publication.Refused(refused.reason(), false)
                : failure;
    }

    private void abort(Producer<String, String> kafka) {
        try {
            kafka.abortTransaction();
        } catch (KafkaException e) {
            discard();
        }
    }

    /**
     * Kafka's retriable errors (timeouts, lost connections, no leader, too few in-sync replicas) say the broker was
     * out of reach, and so do refused credentials and missing rights: the server's configuration is at fault, not the
     * event, which waits until an operator fixes it. Any other error is about the event itself, and some say it can
     * never be published.
     */
    static Publication classify(Throwable failure) {
        if (failure instanceof RetriableException
                || failure instanceof AuthenticationException
                || failure instanceof AuthorizationException) {
            return new Publication.BrokerUnavailable(failure.toString());
        }
        boolean forGood = failure instanceof RecordTooLargeException
                || failure instanceof RecordBatchTooLargeException
                || failure instanceof InvalidRecordException
                || failure instanceof SerializationException;
        return new Publication.Refused(String.valueOf(failure), forGood);
    }

    /**
     * Whether the producer is ready to publish; if its handshake with the broker is not done yet, one more try of it,
     * waiting at most {@code max.block.ms}. The dispatcher calls it while the broker is away, so that its first round
     * starts as soon as the broker answers again, not at its next fixed try.
     */
    public synchronized boolean ready() {
        try {
            producer();
            return true;
        } catch (KafkaException e) {
            return false;
        }
    }

    // Made on first use, not at deployment: initTransactions() waits for the broker, which may not be up yet. A
    // handshake that timed out is tried again on the same producer (Kafka resumes it: the request it sent is still
    // under way); any other failure discards the producer.
    private Producer<String, String> producer() {
        if (producer == null) {
            producer = producers == null ? kafkaProducer() : producers.get();
        }
        if (!initialized) {
            try {
                producer.initTransactions();
            } catch (TimeoutException e) {
                throw e;
            } catch (KafkaException e) {
                discard();
                throw e;
            }
            initialized = true;
        }
        return producer;
    }

    // After a failed transaction the producer may be unusable (fenced, or in an abortable error that failed to
    // abort): the next round starts with a new one, which aborts whatever this one left open.
    private void discard() {
        if (producer != null) {
            LOG.fine("Discarding the outbox producer after a failed transaction");
            producer.close(Duration.ZERO);
            producer = null;
            initialized = false;
        }
    }

    private Producer<String, String> kafkaProducer() {
        return new KafkaProducer<>(
                kafka.producer(config.transactionalId(), config.maxRecordBytes()),
                new StringSerializer(),
                new StringSerializer());
    }
}
