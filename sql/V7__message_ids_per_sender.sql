-- Message ids belong to their sender: another agent's use of the same string is no conflict, and a 409 no longer
-- tells anyone whether some other agent used an id. The replay of a send is found by (sender, message_id).
ALTER TABLE task_message
    DROP KEY uk_task_message_message_id,
    ADD UNIQUE KEY uk_task_message_sender_message_id (sender, message_id);
