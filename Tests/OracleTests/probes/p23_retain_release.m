// Rule: retain counts under manual retain/release; autorelease defers the release to the pool drain;
// dealloc runs exactly when the count reaches zero. DESIGN.md ObjCModel "Memory".
#include "oracle.h"
@interface Z : NSObject @end
@implementation Z - (void)dealloc { SAY("-[Z dealloc]"); [super dealloc]; } @end
int main(void)
{
  probe_begin();
  NSAutoreleasePool *outer = [NSAutoreleasePool new];
  Z *z = [Z new];
  SAY("new: %lu", (unsigned long)[z retainCount]);
  [z retain];
  SAY("retain: %lu", (unsigned long)[z retainCount]);
  [z release];
  SAY("release: %lu", (unsigned long)[z retainCount]);
  NSAutoreleasePool *pool = [NSAutoreleasePool new];
  [[z retain] autorelease];
  SAY("retain+autorelease: %lu", (unsigned long)[z retainCount]);
  SAY("drain");
  [pool drain];
  SAY("after drain: %lu", (unsigned long)[z retainCount]);
  pool = [NSAutoreleasePool new];
  [z autorelease];
  SAY("last reference autoreleased; drain");
  [pool drain];
  SAY("end");
  [outer drain];
  return 0;
}
