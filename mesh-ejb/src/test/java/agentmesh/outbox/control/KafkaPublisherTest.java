package agentmesh.outbox.control;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import agentmesh.testfaults.PublishFaults;
import agentmesh.tracing.TraceContext;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Future;
import org.apache.kafka.clients.producer.MockProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.clients.producer.RecordMetadata;
import org.apache.kafka.common.KafkaException;
import org.apache.kafka.common.errors.NotLeaderOrFollowerException;
import org.apache.kafka.common.errors.ProducerFencedException;
import org.apache.kafka.common.errors.RecordTooLargeException;
import org.apache.kafka.common.errors.SaslAuthenticationException;
import org.apache.kafka.common.errors.TimeoutException;
import org.apache.kafka.common.errors.TopicAuthorizationException;
import org.apache.kafka.common.errors.TransactionalIdAuthorizationException;
import org.apache.kafka.common.serialization.StringSerializer;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

@Tag("G2")
@Tag("G5")
class KafkaPublisherTest {

    private static final String TOPIC = "inbox.events";

    private final List<OutboxRecord> toBob = List.of(event(1, "bob"), event(2, "bob"), event(3, "bob"));
    private final List<OutboxRecord> toCarol = List.of(event(4, "carol"), event(5, "carol"));

    private static OutboxRecord event(long id, String key) {
        return new OutboxRecord(id, key, "{\"eventId\":\"e" + id + "\"}", 0);
    }

    private static KafkaPublisher publisher(MockProducer<String, String> producer, PublishFaults faults) {
        return new KafkaPublisher(() -> producer, TOPIC, faults);
    }

    private static MockProducer<String, String> producer(boolean autoComplete) {
        return new MockProducer<>(autoComplete, null, new StringSerializer(), new StringSerializer());
    }

    @Test
    void aRoundsRunsGoOutInIdOrderKeyedByRecipientInOneCommittedTransaction() {
        MockProducer<String, String> producer = producer(true);

        Map<Long, Publication> results =
                publisher(producer, new PublishFaults()).publish(List.of(toBob, toCarol));

        assertTrue(producer.transactionCommitted());
        assertEquals(5, results.size());
        results.values().forEach(result -> assertInstanceOf(Publication.Sent.class, result));
        assertEquals(
                List.of("bob:e1", "bob:e2", "bob:e3", "carol:e4", "carol:e5"),
                producer.history().stream().map(KafkaPublisherTest::describe).toList());
    }

    @Test
    void aTracedEventsContextTravelsInItsRecordsHeadersAnUntracedOneHasNone() {
        String traceparent = "00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01";
        OutboxRecord traced =
                new OutboxRecord(7, "bob", "{\"eventId\":\"e7\"}", 0, TraceContext.of(traceparent, "k=v"));
        MockProducer<String, String> producer = producer(true);

        publisher(producer, new PublishFaults()).publish(List.of(List.of(traced, event(8, "bob"))));

        // Tracing off: the event's own context, carried as it is (no span of the publisher's to make it a child of).
        var headers = producer.history().get(0).headers();
        assertEquals(traceparent, new String(headers.lastHeader("traceparent").value(), StandardCharsets.US_ASCII));
        assertEquals("k=v", new String(headers.lastHeader("tracestate").value(), StandardCharsets.US_ASCII));
        assertEquals(0, producer.history().get(1).headers().toArray().length);
    }

    @Test
    void aRunStopsAtAnEventRefusedAtHandOverAndTheOthersGoOn() {
        PublishFaults faults = new PublishFaults(true);
        faults.failKey("bob");
        MockProducer<String, String> producer = producer(true);

        Map<Long, Publication> results = publisher(producer, faults).publish(List.of(toBob, toCarol));

        assertInstanceOf(Publication.Refused.class, results.get(1L));
        assertEquals(List.of(1L, 4L, 5L), results.keySet().stream().sorted().toList(), "2 and 3 are not handed over");
        assertEquals(
                List.of("carol:e4", "carol:e5"),
                producer.history().stream().map(KafkaPublisherTest::describe).toList());
    }

    @Test
    void aRecordTheProducerRefusesAtOnceIsTheOnlyOneBlamedAndTheRoundIsAborted() {
        MockProducer<String, String> producer = producer(true);
        producer.sendException = new RecordTooLargeException("too large");

        Map<Long, Publication> results =
                publisher(producer, new PublishFaults()).publish(List.of(toBob, toCarol));

        assertEquals(List.of(1L), List.copyOf(results.keySet()), "the producer's transaction is in error from then on");
        assertTrue(((Publication.Refused) results.get(1L)).forGood(), "a record too large for the producer never fits");
        assertTrue(producer.transactionAborted());
    }

    @Test
    void aRecordWhoseFutureFailsAtHandOverIsBlamedAloneNotTheOnesBeforeIt() {
        // As the real producer answers a record over its max.request.size: a future failed at once.
        MockProducer<String, String> producer =
                new MockProducer<>(true, null, new StringSerializer(), new StringSerializer()) {
                    @Override
                    public synchronized Future<RecordMetadata> send(ProducerRecord<String, String> record) {
                        return record.value().contains("e2")
                                ? CompletableFuture.failedFuture(new RecordTooLargeException("too large"))
                                : super.send(record);
                    }
                };

        Map<Long, Publication> results =
                publisher(producer, new PublishFaults()).publish(List.of(toBob, toCarol));

        assertEquals(List.of(2L), List.copyOf(results.keySet()), "e1, handed over before it, is not to blame");
        assertTrue(((Publication.Refused) results.get(2L)).forGood());
        assertTrue(producer.transactionAborted());
    }

    @Test
    void aBrokerOutOfReachAtHandOverEndsTheWholeRound() {
        MockProducer<String, String> producer = producer(true);
        producer.sendException = new TimeoutException("no metadata within max.block.ms");

        Map<Long, Publication> results =
                publisher(producer, new PublishFaults()).publish(List.of(toBob, toCarol));

        assertEquals(List.of(1L), List.copyOf(results.keySet()), "nothing after the first is even tried");
        assertInstanceOf(Publication.BrokerUnavailable.class, results.get(1L));
        assertTrue(producer.closed(), "the next round starts with a new producer");
    }

    @Test
    void aRecordThatFailsAfterHandOverAbortsTheWholeRoundSoThatNoRunHasAGap() {
        MockProducer<String, String> producer = producer(false);
        CompletableFuture<Map<Long, Publication>> publishing = CompletableFuture.supplyAsync(
                () -> publisher(producer, new PublishFaults()).publish(List.of(toBob, toCarol)));
        await().until(() -> producer.uncommittedRecords().size() == 5);

        producer.errorNext(new NotLeaderOrFollowerException("the first of bob's run expired"));
        Map<Long, Publication> results = publishing.join();

        assertTrue(producer.transactionAborted(), "nothing of the round is read by the consumers");
        assertEquals(Map.of(1L, results.get(1L)), results, "the others were not published, and are no one's fault");
        assertInstanceOf(Publication.BrokerUnavailable.class, results.get(1L));
    }

    @Test
    void aRecordTheBrokerRefusesAbortsTheRoundAndIsNamedRefused() {
        MockProducer<String, String> producer = producer(false);
        CompletableFuture<Map<Long, Publication>> publishing = CompletableFuture.supplyAsync(
                () -> publisher(producer, new PublishFaults()).publish(List.of(toBob.subList(0, 1))));
        await().until(() -> producer.uncommittedRecords().size() == 1);

        producer.errorNext(new RecordTooLargeException("too large for the topic"));

        Publication result = publishing.join().get(1L);
        assertInstanceOf(Publication.Refused.class, result);
        assertFalse(((Publication.Refused) result).forGood(), "a batch's error cannot blame one record for good");
        assertTrue(producer.transactionAborted());
    }

    @Test
    void aHandshakeThatTimedOutIsTriedAgainOnTheSameProducerUntilTheBrokerAnswers() {
        List<MockProducer<String, String>> made = new ArrayList<>();
        KafkaPublisher publisher = new KafkaPublisher(
                () -> {
                    MockProducer<String, String> producer = producer(true);
                    producer.initTransactionException = new TimeoutException("no coordinator within max.block.ms");
                    made.add(producer);
                    return producer;
                },
                TOPIC,
                new PublishFaults());

        assertInstanceOf(
                Publication.BrokerUnavailable.class,
                publisher.publish(List.of(toBob)).get(1L));
        assertFalse(publisher.ready(), "the broker is still away");
        made.get(0).initTransactionException = null; // the broker answers the handshake
        assertTrue(publisher.ready());
        Map<Long, Publication> results = publisher.publish(List.of(toBob));

        assertEquals(1, made.size(), "one producer: its handshake was resumed, not started over");
        assertFalse(made.get(0).closed());
        results.values().forEach(result -> assertInstanceOf(Publication.Sent.class, result));
        assertEquals(3, results.size());
    }

    @Test
    void aHandshakeRefusedOtherwiseDiscardsTheProducer() {
        List<MockProducer<String, String>> made = new ArrayList<>();
        KafkaPublisher publisher = new KafkaPublisher(
                () -> {
                    MockProducer<String, String> producer = producer(true);
                    producer.initTransactionException =
                            made.isEmpty() ? new ProducerFencedException("an older epoch") : null;
                    made.add(producer);
                    return producer;
                },
                TOPIC,
                new PublishFaults());

        assertFalse(publisher.ready());
        assertTrue(made.get(0).closed());
        assertTrue(publisher.ready());
        assertEquals(2, made.size());
    }

    /**
     * Credentials the brokers refuse, or rights they do not grant, are the server's configuration at fault, not an
     * event's: its events wait as through an outage, and no attempt is counted against them (with wrong credentials
     * the first event of every round would otherwise go dead after its attempts).
     */
    @Test
    void refusedCredentialsOrRightsLeaveTheEventWaitingAsThroughAnOutage() {
        for (KafkaException refusal : List.of(
                new SaslAuthenticationException("invalid credentials"),
                new TransactionalIdAuthorizationException("no Write on the transactional id"),
                new TopicAuthorizationException("no Write on inbox.events"))) {
            MockProducer<String, String> producer = producer(true);
            producer.initTransactionException = refusal;

            Map<Long, Publication> results =
                    publisher(producer, new PublishFaults()).publish(List.of(toBob));

            assertInstanceOf(Publication.BrokerUnavailable.class, results.get(1L), refusal.toString());
        }
    }

    private static String describe(ProducerRecord<String, String> record) {
        return record.key() + ":" + record.value().replaceAll(".*\"(e\\d+)\".*", "$1");
    }
}
