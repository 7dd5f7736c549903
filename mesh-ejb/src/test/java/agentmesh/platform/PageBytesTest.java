package agentmesh.platform;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;

class PageBytesTest {

    @Test
    void theLeadingItemsThatFitTogetherAndAlwaysTheFirst() {
        assertEquals(2, PageBytes.leadingWithin(new long[] {900, 900, 900}, 2_000));
        assertEquals(3, PageBytes.leadingWithin(new long[] {900, 900, 200}, 2_000));
        assertEquals(1, PageBytes.leadingWithin(new long[] {5_000, 10}, 2_000), "one item larger than a page");
        assertEquals(0, PageBytes.leadingWithin(new long[] {}, 2_000));
    }
}
