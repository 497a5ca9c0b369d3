// Rule: with NSZombieEnabled a message to a freed object logs
// "*** -[Class selector]: message sent to deallocated instance 0x..." (Apple then traps).
// Field guide: jsbridge-iglistkit-uikit-runtime.md D1. Run with NSZombieEnabled=YES.
#include "oracle.h"
@interface Z : NSObject - (void)foo; @end
@implementation Z
- (void)foo { SAY("Z.foo"); }
- (void)dealloc { SAY("-[Z dealloc]"); [super dealloc]; }
@end
int main(void)
{
  probe_begin();
  NSAutoreleasePool *pool = [NSAutoreleasePool new];
  Z *z = [Z new];
  Z *dangling = z; /* an assign reference */
  [z foo];
  [z release];
  SAY("send foo through the dangling reference");
  [dangling foo];
  SAY("after the zombie message: the process continued");
  [pool drain];
  return 0;
}
