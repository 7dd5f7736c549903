package agentmesh.inbox.consumer;

import agentmesh.inbox.control.InboxRecord;
import java.util.List;

/** The transactional side of the consumer loop: what it does with records, each call its own transaction. */
interface Deliveries {

    /** Delivers the records (a poll's, or a partition's of it) in one transaction, all or none. */
    void deliverAll(List<InboxRecord> records);

    /** Delivers one record in a transaction of its own. */
    void deliver(InboxRecord record);

    /** Parks a record the loop gave up on as a dead letter, with its error. */
    void park(PolledRecord record, Throwable cause, int attempts);

    /** Test fault: whether the loop must die now, between its deliveries' commit and its offset commit. */
    boolean crashBeforeOffsetCommit();

    /** Test fault: whether the consumer is to deliver nothing for now. */
    boolean held();

    /** The partition's lag as the consumer last saw it. */
    void lag(int partition, long lag);

    /** The group gave the consumer its partitions in this generation: a rebalance. */
    void rebalanced(int generation);
}
